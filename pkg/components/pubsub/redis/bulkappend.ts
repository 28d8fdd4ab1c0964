import type { Logger } from "../../../diagnostics/logger.js";
import type { RedisClient } from "../../redis/client.js";

/**
 * XADDs each entry and answers, per entry, the error Redis gave it (pcall: one failing entry does not
 * stop the others). ARGV: the count of XADD arguments shared by all entries (trimming, `*`), those
 * arguments, then per entry the count of its fields and the fields.
 */
const APPEND_ALL = `
local shared = tonumber(ARGV[1])
local results = {}
local at = shared + 2
while at <= #ARGV do
  local fields = tonumber(ARGV[at])
  local args = {KEYS[1]}
  for i = 1, shared do args[#args + 1] = ARGV[1 + i] end
  for i = 1, fields do args[#args + 1] = ARGV[at + i] end
  results[#results + 1] = redis.pcall('XADD', unpack(args))
  at = at + fields + 1
end
return results
`;

type AppendAll = (stream: string, ...args: Array<string | number | Buffer>) => Promise<unknown[]>;

/**
 * Bulk publish to one stream as one script call instead of a pipeline of XADDs: a pipeline costs
 * ioredis a Command, a promise and a timeout timer per entry, one call carries them all at a fraction
 * of that, and Redis stores more entries a second. Where scripting is refused (an ACL
 * without EVAL/EVALSHA, a provider that disables it), the pipeline takes over for good.
 */
export class BulkAppender {
  private scripted = true;

  constructor(
    private readonly client: RedisClient,
    private readonly logger: Logger,
  ) {
    // ioredis keeps the script's SHA and falls back from EVALSHA to EVAL when the server lost it (NOSCRIPT).
    client.defineCommand("runtimeAppendAll", { numberOfKeys: 1, lua: APPEND_ALL });
  }

  /** One result per entry, in order: null when stored, else the error. Rejects only when no entry could be sent. */
  async append(stream: string, shared: Array<string | number>, entries: Array<Array<string | Buffer>>): Promise<Array<Error | null>> {
    if (this.scripted) {
      const args: Array<string | number | Buffer> = [shared.length, ...shared];
      for (const fields of entries) args.push(fields.length, ...fields);
      try {
        const replies = await (this.client as unknown as { runtimeAppendAll: AppendAll }).runtimeAppendAll(stream, ...args);
        return entries.map((_, i) => (replies[i] instanceof Error ? (replies[i] as Error) : replies[i] === undefined ? new Error("no reply from Redis") : null));
      } catch (error) {
        if (!SCRIPTING_REFUSED.test((error as Error).message)) throw error;
        this.scripted = false;
        this.logger.warn(`Redis refused the bulk publish script (${(error as Error).message}); bulk publishes go as pipelines of XADD from now on`);
      }
    }
    const pipeline = this.client.pipeline();
    for (const fields of entries) pipeline.call("XADD", stream, ...shared, ...fields);
    const results = await pipeline.exec();
    return entries.map((_, i) => results?.[i]?.[0] ?? (results ? null : new Error("no reply from Redis")));
  }
}

/**
 * What Redis answers when this client may not run scripts (an ACL: NOPERM; EVALSHA renamed away:
 * unknown command), as opposed to a failure of the call itself, such as OOM's "command not allowed",
 * which must fail the entries, not switch the path.
 */
const SCRIPTING_REFUSED = /^NOPERM|unknown command/i;
