import { useCallback, useRef } from 'react';

/** What a Cloudscape Input, Select or DatePicker ref offers. */
interface Focusable {
  focus(): void;
}

/**
 * Focus by field name: `ref={field('email')}` on an Input (or a Select or DatePicker),
 * then `focus('email')`, e.g. to put the cursor on the first field with a message
 * after a submit.
 */
export function useFieldFocus<Field extends string>() {
  const elements = useRef(new Map<Field, Focusable>());
  const field = useCallback(
    (name: Field) => (instance: Focusable | null) => {
      if (instance) elements.current.set(name, instance);
      else elements.current.delete(name);
    },
    [],
  );
  const focus = useCallback((name: Field | undefined) => {
    if (name) elements.current.get(name)?.focus();
  }, []);
  return { field, focus };
}
