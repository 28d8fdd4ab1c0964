/**
 * A credential that may rotate: a fixed string (from the environment) or a function reading the current
 * value of a watched file (`--api-token-file`, `--app-token-file`). Read it at the moment of use.
 */
export type Token = string | (() => string);

export function tokenValue(token: Token | undefined): string | undefined {
  return typeof token === "function" ? token() : token;
}
