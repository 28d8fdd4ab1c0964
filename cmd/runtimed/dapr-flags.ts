import leven from "leven";

/**
 * Dapr's command-line vocabulary (daprd's flags and `dapr run`'s, v1.18) as runtimed reads it: a Dapr
 * name with a runtimed meaning becomes runtimed's flag; one runtimed has no meaning for is accepted and
 * dropped with one warning naming what runtimed does not do; anything else is a usage error with the
 * closest name either vocabulary knows. docs/cli.md carries the same table for people.
 */

export interface DaprAlias {
  /** The flag as Dapr spells it, without dashes. */
  dapr: string;
  short?: string;
  /** runtimed's long flag it means. */
  runtimed: string;
  /** Dapr's value in another unit (daprd's --dapr-http-max-request-size is in MB). */
  convert?: (value: string) => string;
}

export interface DaprIgnored {
  dapr: string;
  short?: string;
  /** Whether it takes a value (`--flag v`); a boolean takes one only as `--flag=v`, as Go's pflag. */
  value: boolean;
  /** What runtimed does not do, completing "runtimed ...". */
  reason: string;
}

export const DAPR_ALIASES: readonly DaprAlias[] = [
  { dapr: "app-id", short: "a", runtimed: "app-id" },
  { dapr: "app-port", short: "p", runtimed: "app-port" },
  { dapr: "app-protocol", short: "P", runtimed: "app-protocol" },
  { dapr: "dapr-http-port", short: "H", runtimed: "http-port" },
  { dapr: "dapr-grpc-port", short: "G", runtimed: "grpc-port" },
  { dapr: "metrics-port", short: "M", runtimed: "metrics-port" },
  { dapr: "resources-path", short: "d", runtimed: "resources-path" },
  { dapr: "components-path", runtimed: "resources-path" },
  { dapr: "config", short: "c", runtimed: "config" },
  { dapr: "dapr-http-max-request-size", runtimed: "max-body-size", convert: (value) => (/^\d+$/.test(value) ? `${value}Mi` : value) },
  { dapr: "dapr-graceful-shutdown-seconds", runtimed: "graceful-shutdown-seconds" },
  // daprd takes a comma-separated list; runtimed listens on one address.
  { dapr: "dapr-listen-addresses", runtimed: "listen-address", convert: (value) => value.split(",")[0]!.trim() },
];

export const DAPR_IGNORED: readonly DaprIgnored[] = [
  { dapr: "dapr-internal-grpc-port", short: "I", value: true, reason: "has no sidecar-to-sidecar channel (service invocation, actors)" },
  { dapr: "dapr-internal-grpc-listen-address", value: true, reason: "has no sidecar-to-sidecar channel (service invocation, actors)" },
  { dapr: "dapr-public-port", value: true, reason: "serves health on the API port, not on a separate public port" },
  { dapr: "dapr-public-listen-address", value: true, reason: "serves health on the API port, not on a separate public port" },
  { dapr: "placement-host-address", value: true, reason: "serves no actors (no placement service)" },
  { dapr: "scheduler-host-address", value: true, reason: "serves no jobs, workflows or reminders (no scheduler service)" },
  { dapr: "scheduler-job-streams", value: true, reason: "serves no jobs (no scheduler service)" },
  { dapr: "actors-service", value: true, reason: "serves no actors" },
  { dapr: "reminders-service", value: true, reason: "serves no actor reminders" },
  { dapr: "actors-disseminate-timeout", value: true, reason: "serves no actors" },
  { dapr: "sentry-address", value: true, reason: "has no mTLS between sidecars (no Sentry)" },
  { dapr: "enable-mtls", value: false, reason: "has no mTLS between sidecars (no Sentry)" },
  { dapr: "sentry-request-jwt-audiences", value: true, reason: "has no mTLS between sidecars (no Sentry)" },
  { dapr: "control-plane-address", value: true, reason: "uses no Dapr control plane" },
  { dapr: "control-plane-namespace", value: true, reason: "uses no Dapr control plane" },
  { dapr: "control-plane-trust-domain", value: true, reason: "uses no Dapr control plane" },
  { dapr: "enable-profiling", value: false, reason: "serves no pprof profiling endpoint (use node --inspect)" },
  { dapr: "profile-port", value: true, reason: "serves no pprof profiling endpoint (use node --inspect)" },
  { dapr: "unix-domain-socket", short: "u", value: true, reason: "does not listen on a Unix domain socket" },
  { dapr: "app-ssl", value: false, reason: "calls the app over plain http or grpc only (no TLS to the app)" },
  { dapr: "dapr-http-read-buffer-size", value: true, reason: "has no separate header buffer limit (Node's default)" },
  { dapr: "read-buffer-size", value: true, reason: "has no separate header buffer limit (Node's default)" },
  { dapr: "allowed-origins", value: true, reason: "answers no CORS preflights (the API listens on loopback)" },
  { dapr: "disable-builtin-k8s-secret-store", value: false, reason: "has no built-in Kubernetes secret store to disable" },
  { dapr: "app-binding-options-timeout", value: true, reason: "does not call OPTIONS on input binding routes" },
  { dapr: "hot-reload-reconcile-interval", value: true, reason: "always watches resource files (no reconcile interval to set)" },
  { dapr: "disable-init-endpoints", value: true, reason: "has no init-time endpoints to disable" },
  { dapr: "enable-api-logging", value: false, reason: "logs no line per API call (use --log-level debug and the metrics)" },
  { dapr: "kubeconfig", value: true, reason: "reads KUBECONFIG from the environment" },
  { dapr: "wait", value: false, reason: "has no wait mode" },
  { dapr: "runtime-path", value: true, reason: "is its own runtime (no daprd binary to find)" },
  { dapr: "run-path", value: true, reason: "keeps its run records in its own state folder (RUNTIMED_STATE_DIR)" },
  { dapr: "image", value: true, reason: "runs the app from its command, not from an image" },
  { dapr: "kubernetes", short: "k", value: false, reason: "runs apps on this machine only (deploy with the Helm chart)" },
];

export interface Translation {
  /** argv with every Dapr alias spelled as runtimed's flag and every ignored Dapr flag removed. */
  args: string[];
  /** One per ignored Dapr flag given. */
  warnings: string[];
}

const ALIAS_BY_NAME = new Map<string, DaprAlias>();
for (const alias of DAPR_ALIASES) {
  ALIAS_BY_NAME.set(`--${alias.dapr}`, alias);
  if (alias.short) ALIAS_BY_NAME.set(`-${alias.short}`, alias);
}
const IGNORED_BY_NAME = new Map<string, DaprIgnored>();
for (const flag of DAPR_IGNORED) {
  IGNORED_BY_NAME.set(`--${flag.dapr}`, flag);
  if (flag.short) IGNORED_BY_NAME.set(`-${flag.short}`, flag);
}

/**
 * Rewrites Dapr's spellings into runtimed's. `own` holds the flags the command itself defines (long and
 * short, with dashes): those pass through untouched, so a runtimed flag always means runtimed's.
 * Go's single-dash long form (`-app-id x`, as daprd accepts it) is read as the double-dash one.
 */
export function translateDaprFlags(argv: readonly string[], own: ReadonlyMap<string, boolean>): Translation {
  const args: string[] = [];
  const warnings: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") {
      args.push(...argv.slice(i));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      args.push(token);
      continue;
    }
    const eq = token.indexOf("=");
    let name = eq === -1 ? token : token.slice(0, eq);
    const inline = eq === -1 ? undefined : token.slice(eq + 1);
    if (/^-[a-z][a-z0-9-]+$/.test(name) && (own.has(`-${name}`) || ALIAS_BY_NAME.has(`-${name}`) || IGNORED_BY_NAME.has(`-${name}`))) name = `-${name}`;
    if (own.has(name)) {
      args.push(inline === undefined ? name : `${name}=${inline}`);
      // Its value is taken as it is, even one that looks like a flag (`--app-id -a`), as commander takes it.
      if (inline === undefined && own.get(name) && i + 1 < argv.length) args.push(argv[++i]!);
      continue;
    }
    const alias = ALIAS_BY_NAME.get(name);
    if (alias) {
      let value = inline;
      if (value === undefined && i + 1 < argv.length) value = argv[++i];
      if (value === undefined) {
        args.push(`--${alias.runtimed}`);
        continue;
      }
      args.push(`--${alias.runtimed}`, alias.convert ? alias.convert(value) : value);
      continue;
    }
    const ignored = IGNORED_BY_NAME.get(name);
    if (ignored) {
      if (ignored.value && inline === undefined && i + 1 < argv.length) i++;
      warnings.push(`warning: ${name} is a Dapr flag runtimed accepts and ignores: runtimed ${ignored.reason}`);
      continue;
    }
    args.push(inline === undefined ? name : `${name}=${inline}`);
  }
  return { args, warnings };
}

/** The closest flag either vocabulary knows, for "did you mean"; none when nothing is close. */
export function closestFlag(given: string, own: ReadonlyMap<string, boolean>): string | undefined {
  const bare = given.replace(/^-+/, "").split("=")[0]!;
  const candidates = [...own.keys(), ...ALIAS_BY_NAME.keys(), ...IGNORED_BY_NAME.keys()].filter((c) => c.startsWith("--"));
  // A name cut short (--placement-host) is the longer one it begins.
  const extended = bare.length >= 4 ? candidates.filter((c) => c.startsWith(`--${bare}`)).sort((a, b) => a.length - b.length)[0] : undefined;
  if (extended) return extended;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = leven(bare, candidate.slice(2));
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  // A name with a third of its letters wrong is a different word.
  return best && best.distance <= Math.max(2, Math.floor(bare.length / 3)) ? best.name : undefined;
}

/** Every long and short flag a commander program defines, with dashes, and whether it requires a value. */
export function ownFlags(options: ReadonlyArray<{ long?: string; short?: string; required?: boolean }>): Map<string, boolean> {
  const names = new Map<string, boolean>([["--help", false], ["-h", false]]);
  for (const option of options) {
    if (option.long) names.set(option.long, option.required === true);
    if (option.short) names.set(option.short, option.required === true);
  }
  return names;
}
