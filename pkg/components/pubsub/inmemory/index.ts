export { InMemoryPubSub } from "./inmemory.js";
