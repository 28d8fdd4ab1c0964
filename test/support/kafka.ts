import { afterAll, beforeAll } from "@jest/globals";
import { startKafka, type KafkaCluster } from "../kafka/cluster.mjs";

export type { KafkaCluster, KafkaNode } from "../kafka/cluster.mjs";

/** The timeout a hook starting a private Kafka needs on a shared two-core machine (a node starts in 4-15 s). */
export const KAFKA_START_MS = 120_000;

let running: KafkaCluster | undefined;

/**
 * A private Kafka for this test file (KRaft; 1 node, or 3 controller+broker nodes with replication factor 3 and
 * min.insync.replicas=2): started in a `beforeAll`, every node killed by pid and its folders removed in an
 * `afterAll`. A node that cannot start fails the suite at once with its reason. Call it at the top of the file (or
 * of a describe); the returned function gives the running cluster inside tests.
 */
export function usePrivateKafka(nodes: 1 | 3 = 1): () => KafkaCluster {
  let cluster: KafkaCluster | undefined;
  beforeAll(async () => {
    cluster = await startKafka({ nodes });
    running = cluster;
  }, KAFKA_START_MS);
  afterAll(async () => {
    running = undefined;
    await cluster?.stop();
  }, KAFKA_START_MS);
  return () => {
    if (!cluster) throw new Error("the private Kafka has not started (usePrivateKafka's beforeAll failed or has not run)");
    return cluster;
  };
}

/** The private Kafka this test file runs (for table entries read after beforeAll). */
export function runningKafka(): KafkaCluster {
  if (!running) throw new Error("no private Kafka runs in this test file: call usePrivateKafka() at its top");
  return running;
}
