import type { ApiContext } from "../context.js";
import type { Endpoint } from "../endpoint.js";
import { Errors } from "../errors.js";

/** Spec endpoints 8 and 9 (note 8): outbound needs components and the port; healthz also the app channel. */
export function healthEndpoints(ctx: Pick<ApiContext, "readiness" | "appId">): Endpoint[] {
  return [
    {
      method: "get",
      paths: ["/v1.0/healthz"],
      name: "Healthz",
      public: true,
      handler: (req, res) => {
        const waiting = ctx.readiness.waitingFor("all");
        if (waiting.length > 0) throw Errors.notReady(`waiting for ${waiting.join(", ")}`);
        // daprd's onGetHealthz: `?appid=` naming another app is an error (the spec is silent on the parameter).
        const appId = req.query["appid"];
        if (appId !== undefined && appId !== ctx.appId) throw Errors.healthAppIdMismatch();
        res.status(204).end();
      },
    },
    {
      method: "get",
      paths: ["/v1.0/healthz/outbound"],
      name: "HealthzOutbound",
      public: true,
      handler: (_req, res) => {
        const waiting = ctx.readiness.waitingFor("outbound");
        if (waiting.length > 0) throw Errors.componentsNotReady(`waiting for ${waiting.join(", ")}`);
        res.status(204).end();
      },
    },
  ];
}
