import { randomUUID } from "node:crypto";
import { AzureKeyCredential, EventGridPublisherClient, type SendCloudEventInput } from "@azure/eventgrid";
import { BindingRequestError, type InvokeRequest, type InvokeResponse } from "../types.js";
import type { OutputMetadata } from "./metadata.js";

/** The envelope type for data the app did not send as a CloudEvent (ARCHITECTURE.md "Identity"). */
export const WRAPPED_EVENT_TYPE = "com.runtime.event.sent";

const CORE_ATTRIBUTES = new Set(["specversion", "id", "source", "type", "time", "subject", "dataschema", "datacontenttype", "data", "data_base64"]);

/** A publish the topic refused or that never reached it, said in the binding's words (the key never appears). */
export class PublishError extends Error {
  constructor(message: string, readonly statusCode?: number) {
    super(message);
    this.name = "PublishError";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** A CloudEvent 1.0 given as data (spec "Binding component metadata": sent as is). */
function isCloudEvent(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && value.specversion === "1.0" && typeof value.id === "string" && typeof value.source === "string" && typeof value.type === "string";
}

/**
 * The SDK's serializer accepts only objects (and bytes) as `data`: a string or number would fail with
 * "events.data must be of type object". Those travel as bytes (`data_base64`) with their content type.
 */
function sdkData(data: unknown, contentType: string | undefined): { data: unknown; datacontenttype: string | undefined } {
  if (data === undefined || data === null || (typeof data === "object" && !Buffer.isBuffer(data))) return { data, datacontenttype: contentType };
  if (Buffer.isBuffer(data)) return { data, datacontenttype: contentType ?? "application/octet-stream" };
  if (typeof data === "string") return { data: Buffer.from(data, "utf8"), datacontenttype: contentType ?? "text/plain" };
  return { data: Buffer.from(JSON.stringify(data), "utf8"), datacontenttype: contentType ?? "application/json" };
}

function optionalString(event: Record<string, unknown>, field: string): string | undefined {
  const value = event[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new BindingRequestError(`CloudEvent attribute ${JSON.stringify(field)} must be a string`);
  return value;
}

/** Maps a CloudEvent object to the SDK's input, keeping its id, time and extension attributes. */
export function cloudEventInput(event: Record<string, unknown>): SendCloudEventInput<unknown> {
  const timeText = optionalString(event, "time");
  const time = timeText === undefined ? undefined : new Date(timeText);
  if (time && Number.isNaN(time.getTime())) throw new BindingRequestError(`CloudEvent attribute "time" is not an RFC 3339 timestamp: ${JSON.stringify(timeText)}`);
  const extensionAttributes: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(event)) {
    if (CORE_ATTRIBUTES.has(name)) continue;
    // CloudEvents 1.0: extension names are lower-case letters and digits; the SDK throws otherwise.
    if (!/^[a-z0-9]{1,20}$/.test(name)) throw new BindingRequestError(`CloudEvent extension attribute ${JSON.stringify(name)} must be 1-20 lower-case letters or digits`);
    extensionAttributes[name] = value;
  }
  const base64 = optionalString(event, "data_base64");
  const payload = base64 !== undefined ? sdkData(Buffer.from(base64, "base64"), optionalString(event, "datacontenttype")) : sdkData(event.data, optionalString(event, "datacontenttype"));
  return {
    type: event.type as string,
    source: event.source as string,
    id: event.id as string,
    time,
    subject: optionalString(event, "subject"),
    dataschema: optionalString(event, "dataschema"),
    ...payload,
    extensionAttributes: Object.keys(extensionAttributes).length > 0 ? extensionAttributes : undefined,
  };
}

/** Other data is wrapped in a CloudEvent; request metadata `cloudevent.type|source|subject|id` may set its attributes. */
export function wrapData(data: unknown, metadata: Record<string, string>, appId: string): SendCloudEventInput<unknown> {
  return {
    type: metadata["cloudevent.type"] ?? WRAPPED_EVENT_TYPE,
    source: metadata["cloudevent.source"] ?? appId,
    id: metadata["cloudevent.id"] ?? randomUUID(),
    subject: metadata["cloudevent.subject"],
    ...sdkData(data, metadata.contentType),
  };
}

function describeFailure(error: unknown, topicEndpoint: string): PublishError {
  const err = error as { statusCode?: number; code?: string; message?: string };
  const status = err.statusCode;
  const where = `topic ${topicEndpoint}`;
  if (status === 401 || status === 403) return new PublishError(`${where} rejected the access key (HTTP ${status}); check accessKey`, status);
  if (status === 404) return new PublishError(`${where} does not exist (HTTP 404); check topicEndpoint`, status);
  if (status === 413) return new PublishError(`${where} refused the event as too large (HTTP 413)`, status);
  if (status !== undefined) return new PublishError(`${where} answered HTTP ${status}: ${err.message ?? "no message"}`, status);
  return new PublishError(`cannot reach ${where}: ${err.message ?? String(error)}${err.code ? ` (${err.code})` : ""}`);
}

/** The output side (operation `create`): publishes to the custom topic with the access key (spec "Authentication" 1). */
export class EventRouterPublisher {
  private readonly client: EventGridPublisherClient<"CloudEvent">;

  constructor(private readonly metadata: OutputMetadata, private readonly appId: string) {
    this.client = new EventGridPublisherClient(metadata.topicEndpoint, "CloudEvent", new AzureKeyCredential(metadata.accessKey), {
      // A publish is retried by the caller (the app); the SDK's own retries would multiply latency on a bad key.
      retryOptions: { maxRetries: 1 },
    });
  }

  async create(request: InvokeRequest): Promise<InvokeResponse> {
    if (request.data === undefined || request.data === null) throw new BindingRequestError("operation create needs data to publish");
    const event = isCloudEvent(request.data) ? cloudEventInput(request.data) : wrapData(request.data, request.metadata, this.appId);
    try {
      await this.client.send([event]);
    } catch (error) {
      if (error instanceof Error && /invalid extension attribute|data content type must be provided/.test(error.message)) throw new BindingRequestError(error.message);
      throw describeFailure(error, this.metadata.topicEndpoint);
    }
    return { metadata: { id: event.id ?? "" } };
  }
}
