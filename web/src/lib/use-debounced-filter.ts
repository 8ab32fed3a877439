import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the filter is sent. */
const filterDelayMs = 400;

/**
 * A list's text filter: `filteringText` is what the box shows, `filter` the trimmed
 * text once typing has paused, i.e. what to send to the API.
 */
export function useDebouncedFilter() {
  const [filteringText, setFilteringText] = useState('');
  const filter = useDebouncedValue(filteringText.trim(), filterDelayMs);
  return { filteringText, setFilteringText, filter };
}
