/**
 * Coalesces change notices: however many batches arrive, listeners hear at most
 * one notice per `intervalMs()` (read when a notice is scheduled), and always one
 * after the last.
 */
export class Notifier {
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private last = 0;

  constructor(private readonly intervalMs: () => number = () => 50) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Schedules a notice; cheap to call per batch. */
  changed(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.last + this.intervalMs() - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.last = Date.now();
      for (const l of this.listeners) l();
    }, wait);
    this.timer.unref?.();
  }

  /** Notifies now (end of stream, tests). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.last = Date.now();
    for (const l of this.listeners) l();
  }
}
