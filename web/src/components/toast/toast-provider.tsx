import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { PausableTimer } from '../../lib/pausable-timer';
import { retryingLoader } from '../../lib/retrying-loader';
import {
  ToastContext,
  type Toast,
  type ToastContextValue,
  type ToastInput,
  type ToastLabels,
} from './toast-context';
import { ToastErrorBoundary } from './toast-error-boundary';
import type ToastFlashbar from './toast-flashbar';
import { ToastList } from './toast-list';
import './toast.css';

/** How long a toast stays before it closes itself. */
export const toastDurationMs = 3000;

/** Older toasts are dropped beyond this many, so a burst cannot cover the page. */
const maxToasts = 4;

let nextId = 0;

/** Where the toasts on screen wait while the tab loads another page of the site. */
const carriedToastsKey = 'carried-toasts';

/** A carried toast older than this is not shown (the tab went elsewhere meanwhile). */
const carryWindowMs = 10_000;

const toastTypes = new Set(['success', 'error', 'info', 'warning']);

function isToastInput(value: unknown): value is ToastInput {
  const toast = value as Partial<ToastInput> | null;
  return (
    typeof toast === 'object' &&
    toast !== null &&
    toastTypes.has(toast.type ?? '') &&
    typeof toast.content === 'string'
  );
}

/**
 * The toasts the previous page of this tab left (newest first), once: a page that sends
 * the tab to another with a full load (the back office to the sign-in page, login.html,
 * and back: {@link handToastsToNextPage}) hands its toasts over, so "Login Successfully" or "Your session has ended" is
 * read on the page that follows.
 */
function takeCarriedToasts(): ToastInput[] {
  try {
    const raw = window.sessionStorage.getItem(carriedToastsKey);
    window.sessionStorage.removeItem(carriedToastsKey);
    const carried = JSON.parse(raw ?? 'null') as { at?: unknown; toasts?: unknown } | null;
    if (!carried || typeof carried.at !== 'number' || !Array.isArray(carried.toasts)) return [];
    if (Date.now() - carried.at > carryWindowMs) return [];
    return carried.toasts.filter(isToastInput);
  } catch {
    return []; // storage blocked or garbled: nothing to show
  }
}

/** Read once, as the page starts (the module is loaded once per page). */
const carriedOnLoad = takeCarriedToasts();

/** Set by {@link handToastsToNextPage}, just before the page sends the tab on. */
let handingOver = false;

/**
 * This page is sending the tab to another page of the site with a full load (the back
 * office to the sign-in page and back): the toasts on screen go with it. Only then: a
 * reload, or a look changed by reloading in another language, carries nothing (its
 * toasts would be in the old language, or about a page no longer shown).
 */
export function handToastsToNextPage(): void {
  handingOver = true;
}

function carryToasts(toasts: readonly Toast[]): void {
  if (toasts.length === 0) return;
  try {
    window.sessionStorage.setItem(
      carriedToastsKey,
      JSON.stringify({
        at: Date.now(),
        toasts: toasts.map(({ type, content }) => ({ type, content })),
      }),
    );
  } catch {
    // Storage blocked: the toasts end with the page.
  }
}

/**
 * Flashbar's code and styles, fetched with the first toast rather than with every page
 * (a page's weight stays what it needs to show; a toast's time starts once it is shown).
 * A failed download is tried again with the next toast.
 */
const loadToastFlashbar = retryingLoader(() => import('./toast-flashbar'));

/**
 * React.lazy keeps a rejection for good, so each attempt gets a component of its own:
 * a new one, with a new error boundary, after a failure.
 */
interface FlashbarAttempt {
  attempt: number;
  Component: LazyExoticComponent<typeof ToastFlashbar>;
  failed: boolean;
}

function flashbarAttempt(attempt: number): FlashbarAttempt {
  return { attempt, Component: lazy(loadToastFlashbar), failed: false };
}

/**
 * Toasts in the top-right corner, on every layout and on the sign-in page, built on
 * Cloudscape's Flashbar (loaded with the first toast).
 */
export function ToastProvider({ labels, children }: { labels: ToastLabels; children: ReactNode }) {
  // The previous page's toasts, if it handed any over, are there from the start.
  const [toasts, setToasts] = useState<Toast[]>(() =>
    carriedOnLoad.map((toast) => ({ ...toast, id: `toast-${++nextId}` })),
  );
  // Stays true once a toast was shown, so the last one can leave with its animation.
  const [shown, setShown] = useState(carriedOnLoad.length > 0);
  const timers = useRef(new Map<string, PausableTimer>());
  // While the pointer is over the toasts their time stands still (a person is reading).
  const hovered = useRef(false);
  const [flashbar, setFlashbar] = useState(() => flashbarAttempt(0));

  // The toasts as of the last call, kept at once (not after the render), so a page that
  // shows a toast and leaves right away still hands it over (see carryToasts).
  const latest = useRef<Toast[]>(toasts);

  const dismissToast = useCallback((id: string) => {
    timers.current.get(id)?.clear();
    timers.current.delete(id);
    latest.current = latest.current.filter((toast) => toast.id !== id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback((toast: ToastInput) => {
    const id = `toast-${++nextId}`;
    setShown(true);
    latest.current = [{ ...toast, id }, ...latest.current].slice(0, maxToasts);
    setToasts((current) => [{ ...toast, id }, ...current].slice(0, maxToasts));
    // After a failed download, this toast tries again (the list stays meanwhile).
    setFlashbar((current) => (current.failed ? flashbarAttempt(current.attempt + 1) : current));
    return id;
  }, []);

  /**
   * A toast's time starts once it is on screen, not when it was asked for: the
   * Flashbar's chunk may take a while, and an error must not expire unseen.
   */
  const startTimers = useCallback(
    (ids: string[]) => {
      for (const id of ids) {
        if (timers.current.has(id)) continue;
        const timer = new PausableTimer(() => dismissToast(id), toastDurationMs);
        if (hovered.current) timer.pause();
        timers.current.set(id, timer);
      }
    },
    [dismissToast],
  );

  const flashbarFailed = useCallback((error: unknown) => {
    console.error(error);
    setFlashbar((current) => ({ ...current, failed: true }));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => timer.clear());
  }, []);

  // Toasts cross the full page loads the site makes itself: these go on to the next page.
  useEffect(() => {
    const carry = () => {
      if (!handingOver) return;
      carryToasts(latest.current);
      // A page restored from the back/forward cache is shown again: it hands on nothing
      // until it sends the tab on once more.
      handingOver = false;
    };
    window.addEventListener('pagehide', carry);
    return () => window.removeEventListener('pagehide', carry);
  }, []);

  const value = useMemo<ToastContextValue>(
    () => ({ showToast, dismissToast }),
    [showToast, dismissToast],
  );

  const items: FlashbarProps.MessageDefinition[] = toasts.map((toast) => ({
    id: toast.id,
    type: toast.type,
    // A click on the message closes it too, not only the close button.
    content: (
      <div className="toast-message" onClick={() => dismissToast(toast.id)}>
        {toast.content}
      </div>
    ),
    dismissible: true,
    dismissLabel: labels.dismiss,
    statusIconAriaLabel: labels.types[toast.type],
    ariaRole: toast.type === 'error' ? 'alert' : 'status',
    onDismiss: () => dismissToast(toast.id),
  }));

  const list = (
    <ToastList toasts={toasts} labels={labels} onDismiss={dismissToast} onShown={startTimers} />
  );

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        className="toast-region"
        data-testid="toasts"
        onMouseEnter={() => {
          hovered.current = true;
          timers.current.forEach((timer) => timer.pause());
        }}
        onMouseLeave={() => {
          hovered.current = false;
          timers.current.forEach((timer) => timer.resume());
        }}
      >
        {shown && (
          <ToastErrorBoundary key={flashbar.attempt} fallback={list} onError={flashbarFailed}>
            {/* While a retry loads, the list shown since the failure stays. */}
            <Suspense fallback={flashbar.attempt > 0 ? list : null}>
              <flashbar.Component items={items} onShown={startTimers} />
            </Suspense>
          </ToastErrorBoundary>
        )}
      </div>
    </ToastContext.Provider>
  );
}
