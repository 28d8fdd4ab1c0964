import type { MetadataField } from "../../component.js";

/** `bindings.cron` metadata (components-contrib bindings/cron/metadata.yaml). */
export const CRON_FIELDS: readonly MetadataField[] = [
  {
    name: "schedule",
    type: "string",
    required: true,
    description:
      "When to fire: 5-field cron (minute hour day month weekday), 6-field with seconds first, a descriptor (@yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly) or @every <duration> (15s, 1m30s); an optional CRON_TZ=<zone> or TZ=<zone> prefix picks the time zone",
  },
  {
    name: "direction",
    type: "enum",
    allowed: ["input", "output", "input, output"],
    description: "Which sides start: input fires the schedule; output serves the delete operation, which stops it. Default both",
  },
];
