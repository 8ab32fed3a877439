import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { PausableTimer } from '../../lib/pausable-timer';
import { ToastContext, type ToastContextValue, type ToastInput } from './toast-context';
import './toast.css';

/** How long a toast stays before it closes itself. */
export const toastDurationMs = 3000;

/** Older toasts are dropped beyond this many, so a burst cannot cover the page. */
const maxToasts = 4;

interface Toast extends ToastInput {
  id: string;
}

let nextId = 0;

/** Flashbar's code and styles, fetched with the first toast rather than with every page. */
const ToastFlashbar = lazy(() => import('./toast-flashbar'));

/**
 * Toasts in the top-right corner, on every layout, built on Cloudscape's Flashbar
 * (loaded with the first toast).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Stays true once a toast was shown, so the last one can leave with its animation.
  const [shown, setShown] = useState(false);
  const timers = useRef(new Map<string, PausableTimer>());
  // While the pointer is over the toasts their time stands still (a person is reading).
  const hovered = useRef(false);

  const dismissToast = useCallback((id: string) => {
    timers.current.get(id)?.clear();
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(
    (toast: ToastInput) => {
      const id = `toast-${++nextId}`;
      setShown(true);
      setToasts((current) => [{ ...toast, id }, ...current].slice(0, maxToasts));
      const timer = new PausableTimer(() => dismissToast(id), toastDurationMs);
      if (hovered.current) timer.pause();
      timers.current.set(id, timer);
      return id;
    },
    [dismissToast],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => timer.clear());
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
    dismissLabel: t('toast.dismiss'),
    statusIconAriaLabel: t(`toast.${toast.type}`),
    ariaRole: toast.type === 'error' ? 'alert' : 'status',
    onDismiss: () => dismissToast(toast.id),
  }));

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
          <Suspense fallback={null}>
            <ToastFlashbar items={items} />
          </Suspense>
        )}
      </div>
    </ToastContext.Provider>
  );
}
