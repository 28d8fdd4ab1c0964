import { runConfigurationTarget } from "./suite.js";

// The real PostgreSQL on 127.0.0.1:5432, database `test`; skipped outside CI when it is down.
await runConfigurationTarget("configuration.postgresql");
