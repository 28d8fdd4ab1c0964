import { afterAll } from "@jest/globals";
import { startKafka, type KafkaCluster } from "../kafka/cluster.mjs";

export type { KafkaCluster, KafkaNode } from "../kafka/cluster.mjs";

/**
 * A private Kafka for this test file (KRaft; 1 node, or 3 controller+broker nodes with replication factor 3 and
 * min.insync.replicas=2), stopped and its folders removed after the file's last test. A node that cannot start
 * fails the suite at once with its reason. Call it in `beforeAll` (starting takes 4-15 s: give the hook time).
 */
export async function privateKafka(nodes: 1 | 3 = 1): Promise<KafkaCluster> {
  const cluster = await startKafka({ nodes });
  afterAll(() => cluster.stop());
  return cluster;
}

/** The timeout a `beforeAll` starting a private Kafka needs on a shared two-core machine. */
export const KAFKA_START_MS = 120_000;
