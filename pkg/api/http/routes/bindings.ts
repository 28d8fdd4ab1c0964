import type { Response } from "express";
import type { InvokeRequest, InvokeResponse } from "../../../components/bindings/types.js";
import type { Universal } from "../../universal/index.js";
import { bodyOf, type Endpoint } from "../endpoint.js";
import { Errors } from "../errors.js";
import { JsonDepthError, parseJson } from "../../../util/json.js";

const HEADER_NAME = /^[A-Za-z0-9._-]{1,128}$/;
const HEADER_VALUE = /^[\x20-\x7e]{0,4096}$/;

/**
 * `{data, metadata, operation}` (docs/api.md "Bindings"); anything else is a 400 naming what is wrong. With
 * `operationOptional` (a `dapr.io` binding) a missing operation is left for the universal layer to refuse as daprd.
 */
export function parseInvokeRequest(body: Buffer, operationOptional = false): InvokeRequest {
  if (body.length === 0) throw Errors.bindingRequest("the body must be a JSON object {data, metadata, operation}");
  let parsed: unknown;
  try {
    parsed = parseJson(body);
  } catch (error) {
    throw Errors.bindingRequest(error instanceof JsonDepthError ? `the body is ${error.message}` : `the body is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw Errors.bindingRequest("the body must be a JSON object {data, metadata, operation}");
  const { data, metadata, operation: given } = parsed as Record<string, unknown>;
  const operation = operationOptional && (given === undefined || given === null) ? "" : given;
  if (typeof operation !== "string" || (operation === "" && !operationOptional)) throw Errors.bindingRequest("operation is required (a string, e.g. \"create\")");
  const md: Record<string, string> = Object.create(null) as Record<string, string>;
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== "object" || Array.isArray(metadata)) throw Errors.bindingRequest("metadata must be an object of strings");
    for (const [key, value] of Object.entries(metadata)) {
      if (typeof value !== "string") throw Errors.bindingRequest(`metadata.${key} must be a string`);
      md[key] = value;
    }
  }
  return { operation, data, metadata: md };
}

/** The component's reply: bytes as they are, other data as JSON; metadata as `metadata.<key>` headers (Dapr's shape). */
function reply(res: Response, response: InvokeResponse): void {
  for (const [key, value] of Object.entries(response.metadata ?? {})) {
    if (HEADER_NAME.test(key) && HEADER_VALUE.test(value)) res.setHeader(`metadata.${key}`, value);
  }
  if (response.data === undefined || response.data === null) {
    res.status(204).end();
  } else if (Buffer.isBuffer(response.data)) {
    res.status(200).type("application/octet-stream").send(response.data);
  } else {
    res.status(200).json(response.data);
  }
}

/** `POST /v1.0/bindings/<name>`: invoke an output binding. */
export function bindingsEndpoints(api: Universal): Endpoint[] {
  return [
    {
      method: "post",
      paths: ["/v1.0/bindings/:name"],
      name: "InvokeBinding",
      handler: async (req, res) => {
        const name = req.params.name as string;
        // A `dapr.io` binding reads the body first, as daprd's onOutputBindingMessage; otherwise an unknown binding is named whatever the body.
        const daprOrder = api.bindings.takesMissingOperation(name);
        if (!daprOrder) api.bindings.binding(name);
        reply(res, await api.bindings.invoke(name, parseInvokeRequest(bodyOf(req), daprOrder)));
      },
    },
  ];
}
