import { runBindingTarget } from "./suite.js";

await runBindingTarget("bindings.cron");
