/** What the HTTP routes read: the context both transports share (pkg/api/universal/context.ts). */
export { outboundPolicy, type ApiContext, type SubscriptionInfo } from "../universal/context.js";
