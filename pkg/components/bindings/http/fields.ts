import type { MetadataField } from "../../component.js";

/** `bindings.http` metadata (components-contrib bindings/http/metadata.yaml). */
export const HTTP_FIELDS: readonly MetadataField[] = [
  { name: "url", type: "string", required: true, description: "The base URL requests go to; a request's metadata.path is appended and may not leave it" },
  { name: "responseTimeout", type: "duration", description: "How long a request may take, answer included; none by default" },
  { name: "maxResponseBodySize", type: "bytes", default: "100Mi", description: "How much of a response body is read (the rest is cut off, as Dapr does); 0 or less: no limit" },
  { name: "MTLSRootCA", type: "string", description: "CA certificate(s) that sign the server's, as PEM or a path to a PEM file; the system's CAs otherwise" },
  { name: "MTLSClientCert", type: "string", description: "Client certificate for mutual TLS, as PEM or a path; needs MTLSClientKey" },
  { name: "MTLSClientKey", type: "string", sensitive: true, description: "Client key for mutual TLS, as PEM or a path; needs MTLSClientCert" },
  { name: "MTLSRenegotiation", type: "enum", allowed: ["RenegotiateNever", "RenegotiateOnceAsClient", "RenegotiateFreelyAsClient"], description: "TLS renegotiation (TLS 1.2 only): RenegotiateNever refuses a server's request to renegotiate; the others allow it" },
  { name: "securityToken", type: "string", sensitive: true, description: "A token sent on every request in the header securityTokenHeader names" },
  { name: "securityTokenHeader", type: "string", description: "The header that carries securityToken" },
  { name: "errorIfNot2XX", type: "bool", default: "true", description: "A non-2xx answer fails the invocation (500); a request's metadata.errorIfNot2XX overrides it" },
  { name: "direction", type: "enum", allowed: ["output"], description: "Only output: this binding has no input side" },
];
