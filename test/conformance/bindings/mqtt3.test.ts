import { runBindingTarget } from "./suite.js";

// The shared Mosquitto on 127.0.0.1:1883; outside CI the target is skipped (with a message) when it is down.
await runBindingTarget("bindings.mqtt3");
