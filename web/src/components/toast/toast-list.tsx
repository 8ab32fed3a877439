import { useEffect } from 'react';
import type { Toast, ToastLabels } from './toast-context';

/**
 * The toasts as a plain list, for when Flashbar's chunk could not be loaded (offline,
 * or an old tab after a deploy): the messages still reach the person. An error is an
 * `alert`, anything else a `status`, as with Flashbar.
 */
export function ToastList({
  toasts,
  labels,
  onDismiss,
  onShown,
}: {
  toasts: Toast[];
  labels: ToastLabels;
  onDismiss: (id: string) => void;
  /** Called with the ids on screen, so their time starts only once they can be read. */
  onShown: (ids: string[]) => void;
}) {
  const ids = toasts.map((toast) => toast.id).join(' ');
  useEffect(() => {
    if (ids) onShown(ids.split(' '));
  }, [ids, onShown]);
  return (
    <ul className="toast-list">
      {toasts.map((toast) => (
        <li key={toast.id} className={`toast-list-item toast-list-item-${toast.type}`}>
          <div role={toast.type === 'error' ? 'alert' : 'status'} className="toast-list-text">
            <span className="toast-list-type">{labels.types[toast.type]}: </span>
            {toast.content}
          </div>
          <button
            type="button"
            className="toast-list-dismiss"
            aria-label={labels.dismiss}
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
