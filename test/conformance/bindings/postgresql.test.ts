import { runBindingTarget } from "./suite.js";

// The real PostgreSQL on 127.0.0.1:5432 (database test); outside CI the target is skipped (with a message) when it is down.
await runBindingTarget("bindings.postgresql");
