import { use } from 'react';
import { ToastContext, type ToastContextValue } from './toast-context';

export function useToast(): ToastContextValue {
  const toast = use(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}
