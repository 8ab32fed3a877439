/**
 * A one-shot timer that can be paused and resumed (a toast under the mouse pointer
 * stays until the pointer leaves, then gets the rest of its time).
 */
export class PausableTimer {
  private remainingMs: number;
  private startedAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private finished = false;

  constructor(
    private readonly callback: () => void,
    durationMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.remainingMs = durationMs;
    this.resume();
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  pause(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remainingMs = Math.max(0, this.remainingMs - (this.now() - this.startedAt));
  }

  resume(): void {
    if (this.timer || this.finished) return;
    this.startedAt = this.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.finished = true;
      this.callback();
    }, this.remainingMs);
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.finished = true;
  }
}
