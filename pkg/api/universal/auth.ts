import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The API token rule both transports apply (DESIGN.md: header or gRPC metadata `runtime-api-token`, also
 * Dapr's `dapr-api-token`): compared in constant time over digests so the token's length does not leak either.
 */
export function apiTokenMatcher(token: string): (given: string | undefined) => boolean {
  const expected = createHash("sha256").update(token).digest();
  return (given) => given !== undefined && timingSafeEqual(createHash("sha256").update(given).digest(), expected);
}

/** The names a caller may send the API token under, preferred first. */
export const API_TOKEN_NAMES = ["runtime-api-token", "dapr-api-token"] as const;
