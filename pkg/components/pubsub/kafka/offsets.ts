/**
 * The offsets of one partition a consumer handed over and not yet settled. Kafka keeps one committed offset per
 * partition (the next to read), so a settled message may be committed only once every earlier one of its partition
 * settled too: the committable offset is the lowest unsettled one, or one past the highest seen when all settled.
 * A message being retried stays unsettled, so no later offset of its partition is committed past it.
 */
export class PartitionOffsets {
  private readonly pending = new Set<bigint>();
  private highest = -1n;
  private committed: bigint | undefined;

  /** Records a message handed to its handler. Offsets arrive in increasing order within a partition. */
  track(offset: bigint): void {
    this.pending.add(offset);
    if (offset > this.highest) this.highest = offset;
  }

  settle(offset: bigint): void {
    this.pending.delete(offset);
  }

  get unsettled(): number {
    return this.pending.size;
  }

  /** The lowest offset handed over and not settled. */
  firstUnsettled(): bigint | undefined {
    let lowest: bigint | undefined;
    for (const offset of this.pending) if (lowest === undefined || offset < lowest) lowest = offset;
    return lowest;
  }

  /** The offset to commit (the next one to read), or undefined when nothing new can be committed. */
  committable(): bigint | undefined {
    if (this.highest < 0n) return undefined;
    let next = this.highest + 1n;
    for (const offset of this.pending) if (offset < next) next = offset;
    if (this.committed !== undefined && next <= this.committed) return undefined;
    return next;
  }

  /** Notes a commit that the broker accepted. */
  markCommitted(offset: bigint): void {
    if (this.committed === undefined || offset > this.committed) this.committed = offset;
  }
}
