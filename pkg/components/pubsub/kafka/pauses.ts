import type { Consumer } from "kafkajs";

/**
 * kafkajs keeps a partition paused across rebalances: one a member paused for work it has since given up (the
 * partition moved away, then came back) would never be fetched again. After a join, resumes every partition of
 * `assigned` that is paused and that no running work of this member holds (`held`: `topic/partition`).
 */
export function resumeUnheld(consumer: Consumer, assigned: Record<string, number[]>, held: ReadonlySet<string>): void {
  const stale = consumer.paused().flatMap(({ topic, partitions }) => {
    const mine = assigned[topic] ?? [];
    const resumable = partitions.filter((partition) => mine.includes(partition) && !held.has(`${topic}/${partition}`));
    return resumable.length > 0 ? [{ topic, partitions: resumable }] : [];
  });
  if (stale.length > 0) consumer.resume(stale);
}
