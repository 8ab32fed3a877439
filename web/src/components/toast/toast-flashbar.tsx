import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useEffect, useState } from 'react';

/**
 * The toasts' Flashbar, a chunk of its own loaded with the first toast (see
 * toast-provider.tsx). Its first render has no items: Flashbar counts as new only the
 * items added after it mounted, and moves focus to a new error (role `alert`), so the
 * first toast arrives a frame after it mounted, like any later one. A status toast is announced by its own
 * live region, which each flash mounts with it. `onShown` gets the ids on screen, so a
 * toast's time starts only once it can be read.
 */
export default function ToastFlashbar({
  items,
  onShown,
}: {
  items: FlashbarProps.MessageDefinition[];
  onShown: (ids: string[]) => void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const ids = items.map((item) => item.id).join(' ');
  useEffect(() => {
    if (mounted && ids) onShown(ids.split(' '));
  }, [mounted, ids, onShown]);
  return <Flashbar items={mounted ? items : []} />;
}
