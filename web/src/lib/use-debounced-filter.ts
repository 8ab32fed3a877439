import { useState } from 'react';
import { useDebouncedText } from './use-debounced-value';

/**
 * A list's text filter: `filteringText` is what the box shows, `filter` the trimmed
 * text once typing has paused, i.e. what to send to the API.
 */
export function useDebouncedFilter() {
  const [filteringText, setFilteringText] = useState('');
  const filter = useDebouncedText(filteringText);
  return { filteringText, setFilteringText, filter };
}
