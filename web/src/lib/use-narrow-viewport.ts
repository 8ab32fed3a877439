import { useSyncExternalStore } from 'react';
import { navigationDrawerBelowPx } from './preferences';

const query = `(max-width: ${navigationDrawerBelowPx - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the window is narrower than 1279 px (the navigation is then a drawer). */
export function useNarrowViewport(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
