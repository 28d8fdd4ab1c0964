/**
 * Strings of one fixed length, made `count` at a time into one string and handed out as slices of it. A slice of
 * a flat string is flat (V8 slices rather than copies 13 characters or more), where a string joined of pieces per
 * use is flattened again by every later native use of it: a regular expression, a write into bytes.
 */
export class SlicedBatch {
  private batch = "";
  private next: number;

  constructor(
    private readonly length: number,
    private readonly count: number,
    /** `count` strings of `length` characters, joined. */
    private readonly make: (count: number) => string,
  ) {
    this.next = count;
  }

  take(): string {
    if (this.next === this.count) {
      this.batch = this.make(this.count);
      this.next = 0;
    }
    const start = this.next++ * this.length;
    return this.batch.slice(start, start + this.length);
  }
}
