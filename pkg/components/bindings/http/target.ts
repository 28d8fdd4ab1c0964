import { BindingRequestError } from "../types.js";

// Control characters, and a backslash (WHATWG URL parsers read it as "/" in http(s) URLs).
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\x00-\x1f\x7f\\]/;

/**
 * The URL a request goes to: Dapr's join of the component's `url` and the request's `path` (one
 * slash between them, a query string kept). A path that would leave the configured URL is refused
 * (SSRF hardening): `.` or `..` segments (also percent-encoded), a backslash, a control character, a
 * fragment, or anything that parses to another origin or outside the base path.
 */
export function targetUrl(base: URL, path: string | undefined): URL {
  if (path === undefined || path === "") return new URL(base);
  if (FORBIDDEN.test(path)) throw new BindingRequestError("metadata.path may not contain control characters or backslashes");
  if (path.includes("#")) throw new BindingRequestError("metadata.path may not contain a fragment (#)");
  const queryAt = path.indexOf("?");
  const pathPart = queryAt < 0 ? path : path.slice(0, queryAt);
  for (const segment of pathPart.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new BindingRequestError(`metadata.path has a malformed percent-encoding in ${JSON.stringify(segment)}`);
    }
    if (FORBIDDEN.test(decoded)) throw new BindingRequestError(`metadata.path may not encode control characters or backslashes (segment ${JSON.stringify(segment)})`);
    if (decoded === "." || decoded === ".." || decoded.includes("/")) throw new BindingRequestError(`metadata.path may not leave the binding's url (segment ${JSON.stringify(segment)})`);
  }
  const basePath = base.pathname.replace(/\/+$/, "");
  const joined = `${base.origin}${basePath}/${path.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(joined);
  } catch {
    throw new BindingRequestError(`metadata.path does not make a valid URL with the binding's url: ${JSON.stringify(path)}`);
  }
  const within = url.origin === base.origin && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`));
  if (!within) throw new BindingRequestError(`metadata.path may not leave the binding's url: ${JSON.stringify(path)}`);
  // Credentials in the configured url go with every request; its query string stays when the path brings none.
  url.username = base.username;
  url.password = base.password;
  if (queryAt < 0 && base.search !== "" && url.search === "") url.search = base.search;
  return url;
}
