import { useEffect, useState } from 'react';

/** The value, once it has not changed for `delayMs` (e.g. a filter typed letter by letter). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** How long typing in a list's filter must pause before the list is asked again. */
export const typingDelayMs = 400;

/** Text typed into a filter, trimmed, once typing has paused: what to send to the API. */
export function useDebouncedText(text: string): string {
  return useDebouncedValue(text.trim(), typingDelayMs);
}
