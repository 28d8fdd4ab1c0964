import { celEnv, isCelError, parse, plan, type CelInput } from "@bufbuild/cel";
import type { Subscription } from "./subscription.js";
import { SubscriptionError } from "./subscription.js";

type Program = (bindings: { event: CelInput }) => unknown;

/**
 * Spec "Routing rules": rules are evaluated in order against the event (CEL over `event`, as Dapr
 * does), the first match wins, then `routes.default`. Expressions are compiled once, when the
 * subscription is set up, so a syntax error is reported then and not per message.
 */
export class Router {
  private readonly rules: Array<{ match: string; path: string; program: Program }>;

  constructor(private readonly subscription: Subscription) {
    const env = celEnv({});
    this.rules = subscription.rules.map((rule) => {
      try {
        return { ...rule, program: plan(env, parse(rule.match)) as unknown as Program };
      } catch (error) {
        throw new SubscriptionError(`routes.rules match ${JSON.stringify(rule.match)} is not a valid CEL expression: ${(error as Error).message}`);
      }
    });
  }

  /**
   * The path for an event, or undefined (no match, no default). A rule whose evaluation fails (a
   * field the event lacks) does not match, as in Dapr.
   */
  route(event: unknown): string | undefined {
    for (const rule of this.rules) {
      const result = rule.program({ event: (event ?? null) as CelInput });
      if (!isCelError(result) && result === true) return rule.path;
    }
    return this.subscription.defaultRoute;
  }
}
