import type { MetadataField } from "../../component.js";

/**
 * The metadata `bindings.cloud.eventrouter` reads (metadata.ts parses it), described once for its docs
 * page and `runtimed validate`. The input side's fields are required only when that side starts.
 */
export const EVENTROUTER_FIELDS: readonly MetadataField[] = [
  {
    name: "direction",
    type: "string",
    description: "`input`, `output` or `input, output`: the sides that start; without it a side starts when any of its fields is given",
  },
  { name: "topicEndpoint", type: "string", description: "output: the custom topic's HTTPS endpoint events are published to" },
  { name: "accessKey", type: "string", sensitive: true, description: "output: the topic's access key" },
  { name: "cloudTenantId", type: "string", aliases: ["azureTenantId"], description: "input: the Entra tenant that issues the webhook's tokens" },
  { name: "cloudSubscriptionId", type: "string", aliases: ["azureSubscriptionId"], description: "input: the cloud subscription holding the event subscription" },
  { name: "cloudClientId", type: "string", aliases: ["azureClientId"], description: "input: the app registration that manages the event subscription; also an accepted token audience" },
  { name: "cloudClientSecret", type: "string", sensitive: true, aliases: ["azureClientSecret"], description: "input: that app registration's secret" },
  { name: "subscriberEndpoint", type: "string", description: "input: the webhook's public HTTPS URL (behind the ingress); its path is where the webhook listens; also an accepted token audience" },
  { name: "handshakePort", type: "string", description: "input: the webhook's port, 1-65535, written as a quoted string" },
  { name: "handshakeAddress", type: "string", default: "0.0.0.0", description: "input: the address the webhook binds; all interfaces, as the ingress must reach it" },
  { name: "scope", type: "string", description: "input: where the event subscription is created: a subscription, a resource group or a resource (a topic)" },
  { name: "eventSubscriptionName", type: "string", description: "input: 3-64 alphanumerics; default: the component's name with other characters removed" },
  { name: "authorityHost", type: "string", default: "https://login.microsoftonline.com", description: "input: the identity authority; token endpoint, signing keys and issuer derive from it (sovereign clouds)" },
  { name: "managementEndpoint", type: "string", default: "https://management.azure.com", description: "input: the management API that creates the event subscription (sovereign clouds)" },
  { name: "allowedCallers", type: "string", description: "input: comma-separated application ids whose tokens are accepted; default: Event Grid's application" },
  { name: "requiredRole", type: "string", default: "AzureEventGridSecureWebhookSubscriber", description: "input: the app role a caller's token must carry" },
];
