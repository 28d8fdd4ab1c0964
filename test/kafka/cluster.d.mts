import type { ChildProcess } from "node:child_process";

export const KAFKA_LIBS: string;

export interface KafkaNode {
  readonly id: number;
  readonly port: number;
  /** host:port of this node's client listener. */
  readonly address: string;
  readonly dir: string;
  readonly child: ChildProcess | undefined;
  /** The last lines the node logged (warnings, errors and its start line). */
  readonly log: string[];
  /** Starts the node again (same ports and data) and resolves once it serves clients. */
  start(): Promise<KafkaNode>;
  /** SIGKILL by pid, resolving once the process is gone. */
  kill(): Promise<void>;
}

export interface KafkaCluster {
  /** The bootstrap list, `host:port` comma-separated (Dapr's `brokers` metadata). */
  readonly bootstrap: string;
  readonly root: string;
  readonly nodes: KafkaNode[];
  /** Kills every node and removes their folders. */
  stop(): Promise<void>;
}

export function startKafka(options?: { nodes?: number; startTimeoutMs?: number; extraConfig?: Record<string, string>; fullJit?: boolean }): Promise<KafkaCluster>;
