import { createHash, timingSafeEqual } from "node:crypto";
import { tokenValue, type Token } from "../../util/token.js";

/**
 * The API token rule both transports apply (docs/api.md "Authentication": header or gRPC metadata `runtime-api-token`, also
 * Dapr's `dapr-api-token`): compared in constant time over digests so the token's length does not leak either.
 */
export function apiTokenMatcher(token: Token): (given: string | undefined) => boolean {
  const digestOf = (value: string): Buffer => createHash("sha256").update(value).digest();
  // A rotating token (a watched file) is digested again only when its value changed.
  let expected = { of: tokenValue(token)!, digest: digestOf(tokenValue(token)!) };
  return (given) => {
    const now = tokenValue(token)!;
    if (now !== expected.of) expected = { of: now, digest: digestOf(now) };
    return given !== undefined && timingSafeEqual(digestOf(given), expected.digest);
  };
}

/** The names a caller may send the API token under, preferred first. */
export const API_TOKEN_NAMES = ["runtime-api-token", "dapr-api-token"] as const;
