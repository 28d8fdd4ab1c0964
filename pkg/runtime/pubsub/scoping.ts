import type { ComponentResource } from "../../apis/types.js";

/**
 * Topic scoping from a pub/sub component's metadata, as Dapr does it (docs: "Scope Pub/sub topic access"):
 * `publishingScopes` / `subscriptionScopes` = `app1=t1,t2;app2=` (an app listed with no topics may use
 * none), `allowedTopics` = `t1,t2` (only these exist), `protectedTopics` = `t3` (only apps that list
 * them in their scopes may use them).
 */
export class TopicScopes {
  private constructor(
    private readonly publishing: Map<string, string[]>,
    private readonly subscribing: Map<string, string[]>,
    private readonly allowed: string[],
    private readonly protectedTopics: string[],
  ) {}

  static fromComponent(resource: ComponentResource): TopicScopes {
    const values = new Map<string, string>();
    for (const item of resource.spec.metadata) if (item.value !== undefined) values.set(item.name.toLowerCase(), item.value);
    const list = (value: string | undefined): string[] => (value ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
    return new TopicScopes(parseScopes(values.get("publishingscopes")), parseScopes(values.get("subscriptionscopes")), list(values.get("allowedtopics")), list(values.get("protectedtopics")));
  }

  canPublish(appId: string, topic: string): boolean {
    return this.allows(topic, this.publishing.get(appId));
  }

  canSubscribe(appId: string, topic: string): boolean {
    return this.allows(topic, this.subscribing.get(appId));
  }

  /** Dapr's IsOperationAllowed, rule for rule. */
  private allows(topic: string, scoped: string[] | undefined): boolean {
    if (this.allowed.length > 0 && !this.allowed.includes(topic) && this.protectedTopics.length === 0) return false;
    const isProtected = this.protectedTopics.includes(topic);
    if (!isProtected && scoped === undefined) return this.allowed.length === 0 || this.allowed.includes(topic);
    return scoped !== undefined && scoped.includes(topic);
  }
}

/** `app1=t1,t2;app2=t3` -> app -> topics; `app2=` lists no topic (the app may use none). */
function parseScopes(value: string | undefined): Map<string, string[]> {
  const scopes = new Map<string, string[]>();
  for (const part of (value ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const app = part.slice(0, eq).trim();
    const topics = part.slice(eq + 1).split(",").map((s) => s.trim()).filter((s) => s !== "");
    scopes.set(app, [...(scopes.get(app) ?? []), ...topics]);
  }
  return scopes;
}
