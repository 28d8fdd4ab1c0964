import type { Request, Response } from "express";

/**
 * One row of the API table (Dapr's http endpoints): adding an endpoint is adding a row. `name` labels
 * logs; the route template labels metrics, so raw paths never explode their cardinality.
 */
export interface Endpoint {
  method: "get" | "post" | "put" | "delete";
  /** Express 5 paths; several when the same handler serves more than one version prefix. */
  paths: string[];
  name: string;
  /** Reachable without the API token (only the two health probes). */
  public?: boolean;
  /**
   * A hot endpoint: served by direct dispatch (direct.ts) when a request is in its common shape. Its matcher
   * is made from `paths`, as Express matches them, so the route has one source.
   */
  direct?: true;
  /** Answers before it returns or its promise settles (the request is timed up to then); throws or rejects with an ApiError. */
  handler: (req: Request, res: Response) => Promise<void> | void;
}

/** The request body as bytes; empty when none was sent. */
export function bodyOf(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

/**
 * `metadata.<name>` query parameters as a plain map (spec endpoints 1, 2 and 6). Last value wins. `none`, when
 * given, is returned as it is for a request without a query string (a shared empty map where nothing writes).
 */
export function queryMetadata(req: Request, none?: Readonly<Record<string, string>>): Record<string, string> {
  // Most calls carry no query string: skip Express' parse (a publish pays for every step).
  if (none !== undefined && !req.url.includes("?")) return none;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!req.url.includes("?")) return out;
  for (const [key, value] of Object.entries(req.query)) {
    if (!key.startsWith("metadata.") || key.length === "metadata.".length) continue;
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === "string") out[key.slice("metadata.".length)] = last;
  }
  return out;
}

/** A repeatable query parameter (`?key=a&key=b`) as a list. */
export function queryList(req: Request, name: string): string[] {
  const value = req.query[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}
