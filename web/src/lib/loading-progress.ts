/** Timing of the top loading bar. */
export const loadingProgressTiming = {
  /** Where the bar starts when something begins loading (percent). */
  startAt: 8,
  /** The bar creeps forward this often while loading. */
  tickMs: 800,
  /** Share of the remaining way to {@link holdAt} added on each tick. */
  tickShare: 0.35,
  /** The bar waits here until the work completes. */
  holdAt: 82,
  /** After completing at 100 %, the bar disappears this much later. */
  resetAfterMs: 300,
} as const;

export type LoadingProgressState =
  | { phase: 'idle'; percent: 0 }
  | { phase: 'loading'; percent: number }
  | { phase: 'done'; percent: 100 };

type Listener = (state: LoadingProgressState) => void;

/**
 * The loading bar's state machine: `idle` → `loading` (ticks every 800 ms towards 82 %
 * and holds there) → `done` (100 %) → `idle` 300 ms later. Work is counted, so
 * overlapping loads (a page's code, then its API calls) show as one run of the bar.
 */
export class LoadingProgress {
  private state: LoadingProgressState = { phase: 'idle', percent: 0 };
  private active = 0;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private resetTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();

  get current(): LoadingProgressState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks the start of one piece of work; call the returned function (once) when it ends. */
  begin(): () => void {
    this.active += 1;
    if (this.active === 1) this.startRun();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active -= 1;
      if (this.active === 0) this.complete();
    };
  }

  /** Tracks a promise as one piece of work and returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    const end = this.begin();
    return work.finally(end);
  }

  private startRun(): void {
    clearTimeout(this.resetTimer);
    this.resetTimer = undefined;
    // A run that starts during the short 100 % moment continues from where the bar is.
    if (this.state.phase !== 'loading') {
      this.set({ phase: 'loading', percent: loadingProgressTiming.startAt });
    }
    clearInterval(this.tickTimer);
    this.tickTimer = setInterval(() => this.tick(), loadingProgressTiming.tickMs);
  }

  private tick(): void {
    if (this.state.phase !== 'loading') return;
    const { holdAt, tickShare } = loadingProgressTiming;
    const remaining = holdAt - this.state.percent;
    if (remaining <= 0) return;
    const next = Math.min(holdAt, this.state.percent + Math.max(1, remaining * tickShare));
    this.set({ phase: 'loading', percent: Math.round(next * 10) / 10 });
  }

  private complete(): void {
    clearInterval(this.tickTimer);
    this.tickTimer = undefined;
    this.set({ phase: 'done', percent: 100 });
    this.resetTimer = setTimeout(() => {
      this.resetTimer = undefined;
      this.set({ phase: 'idle', percent: 0 });
    }, loadingProgressTiming.resetAfterMs);
  }

  private set(state: LoadingProgressState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

/** The app's one loading bar: route loads and API calls report to it. */
export const loadingProgress = new LoadingProgress();
