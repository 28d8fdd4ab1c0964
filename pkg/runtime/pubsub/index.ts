export { PubSubMetrics } from "./metrics.js";
export { PubSubPublisher, PublishError, type BulkInputEntry, type PublishInput } from "./publisher.js";
export { SubscriptionManager } from "./manager.js";
