import type { CelInput } from "@bufbuild/cel";
import type { Subscription } from "./subscription.js";
import { SubscriptionError } from "./subscription.js";

type Program = (bindings: { event: CelInput }) => unknown;

/** daprd's matchRoutingRule: a rule without a match expression matches every event. */
const ALWAYS: Program = () => true;

/**
 * Spec "Routing rules": rules are evaluated in order against the event (CEL over `event`, as Dapr
 * does), the first match wins, then `routes.default`. Expressions are compiled once, when the
 * subscription is set up, so a syntax error is reported then and not per message.
 */
export class Router {
  private constructor(
    private readonly subscription: Subscription,
    private readonly rules: Array<{ match: string; path: string; program: Program }>,
    private readonly isError: (value: unknown) => boolean,
  ) {}

  /** The CEL library is imported only for subscriptions that have rules: it costs megabytes otherwise unused. */
  static async compile(subscription: Subscription): Promise<Router> {
    if (subscription.rules.every((rule) => rule.match.trim() === "")) return new Router(subscription, subscription.rules.map((rule) => ({ ...rule, program: ALWAYS })), () => false);
    const { celEnv, isCelError, parse, plan } = await import("@bufbuild/cel");
    const env = celEnv({});
    const rules = subscription.rules.map((rule) => {
      if (rule.match.trim() === "") return { ...rule, program: ALWAYS };
      try {
        return { ...rule, program: plan(env, parse(rule.match)) as unknown as Program };
      } catch (error) {
        throw new SubscriptionError(`routes.rules match ${JSON.stringify(rule.match)} is not a valid CEL expression: ${(error as Error).message}`);
      }
    });
    return new Router(subscription, rules, isCelError);
  }

  /**
   * The path for a message's event, or undefined (no match, no default). A rule whose evaluation fails (a
   * field the event lacks) does not match, as in Dapr.
   */
  route(message: { readonly event: unknown }): string | undefined {
    for (const rule of this.rules) {
      // The event is read only for an expression: reading it may parse it (InboundMessage).
      if (rule.program === ALWAYS) return rule.path;
      const result = rule.program({ event: (message.event ?? null) as CelInput });
      if (!this.isError(result) && result === true) return rule.path;
    }
    return this.subscription.defaultRoute;
  }
}
