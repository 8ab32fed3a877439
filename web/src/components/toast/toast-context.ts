import { createContext } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastInput {
  type: ToastType;
  /** Already translated text. */
  content: string;
}

/** A toast on screen (or waiting for the Flashbar's chunk). */
export interface Toast extends ToastInput {
  id: string;
}

export interface ToastContextValue {
  /** Shows a toast that closes itself after a few seconds; returns its id. */
  showToast: (toast: ToastInput) => string;
  dismissToast: (id: string) => void;
}

export const ToastContext = createContext<ToastContextValue | null>(null);

/**
 * The toasts' own words, already translated: each page gives them from its text
 * machinery (the back office's i18next, a light page's `t`), so the toasts work on both.
 */
export interface ToastLabels {
  /** The close button's label. */
  dismiss: string;
  /** The status icon's label per type ("Error", "Success", ...). */
  types: Record<ToastType, string>;
}

/** The catalogue keys of {@link ToastLabels}, the same in every page's texts. */
export type ToastLabelKey =
  'toast.dismiss' | 'toast.success' | 'toast.error' | 'toast.info' | 'toast.warning';

/** The toasts' labels from a page's own `t` (the back office's i18next, a light page's). */
export function toastLabels(t: (key: ToastLabelKey) => string): ToastLabels {
  return {
    dismiss: t('toast.dismiss'),
    types: {
      success: t('toast.success'),
      error: t('toast.error'),
      info: t('toast.info'),
      warning: t('toast.warning'),
    },
  };
}
