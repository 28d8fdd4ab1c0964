import type { RuntimeOptions } from "../options.js";
import type { Token } from "../../util/token.js";
import { GrpcAppChannel } from "./grpc.js";
import { HttpAppChannel } from "./http.js";
import type { AppChannel } from "./types.js";

export { AppHealthChecker } from "./health.js";
export { GrpcAppChannel } from "./grpc.js";
export { HttpAppChannel } from "./http.js";
export type { AppChannel, DeliveryResult, TopicEvent, BulkDelivery, BulkEntry, BindingEvent } from "./types.js";

/** How long the sidecar waits for any one callback: daprd leaves a callback unbounded unless a Resiliency timeout applies, but an app that never answers must not wedge delivery. */
export const CALLBACK_TIMEOUT_MS = 60_000;

/** The app channel `--app-protocol` names; undefined without `--app-port`. `token`: the app token, when it rotates (a watched file). */
export function createAppChannel(options: RuntimeOptions, token: Token | undefined = options.appToken): AppChannel | undefined {
  if (options.appPort === undefined) return undefined;
  const common = { address: options.appChannelAddress, port: options.appPort, token, timeoutMs: CALLBACK_TIMEOUT_MS, maxReplyBytes: options.maxBodyBytes };
  if (options.appProtocol === "grpc") return new GrpcAppChannel(common);
  return new HttpAppChannel({ ...common, appId: options.appId, healthPath: options.appHealth.path });
}

/** Configuration notifications are HTTP callbacks only; for a gRPC app the reason it gets none. */
export function notificationChannel(channel: AppChannel | undefined): { appChannel?: HttpAppChannel; noChannelReason?: string } {
  if (channel instanceof HttpAppChannel) return { appChannel: channel };
  if (channel) return { noChannelReason: "the app speaks gRPC (--app-protocol grpc), whose AppCallback service has no configuration callback: subscribe with SubscribeConfiguration on the gRPC API" };
  return {};
}
