import type { Clock } from "../../pkg/components/bindings/cron/clock.js";

/** A clock that moves only when the test says so, firing what falls due in time order. */
export class ManualClock implements Clock {
  private timers: { due: number; fire: () => void; id: number }[] = [];
  private nextId = 0;

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  schedule(ms: number, fire: () => void): () => void {
    const id = this.nextId++;
    this.timers.push({ due: this.current + ms, fire, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  /** Timers armed and not yet fired. */
  pending(): number {
    return this.timers.length;
  }

  /** Moves to `current + ms`, firing each timer due on the way at its own time (a timer armed while firing included). */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.due <= target).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.due);
      due.fire();
    }
    this.current = target;
  }

  /** Jumps to `current + ms` without firing on the way: what a suspended machine sees on waking. */
  jump(ms: number): void {
    this.current += ms;
    const due = this.timers.filter((t) => t.due <= this.current);
    this.timers = this.timers.filter((t) => t.due > this.current);
    for (const t of due) t.fire();
  }
}
