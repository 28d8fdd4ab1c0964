import { runBindingTarget } from "./suite.js";

// The real Redis on 127.0.0.1:6379; outside CI the target is skipped (with a message) when it is down.
await runBindingTarget("bindings.redis");
