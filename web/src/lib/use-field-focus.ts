import type { InputProps } from '@cloudscape-design/components/input';
import { useCallback, useRef } from 'react';

/**
 * Focus by field name: `ref={field('email')}` on an Input, then `focus('email')`,
 * e.g. to put the cursor on the first field with a message after a submit.
 */
export function useFieldFocus<Field extends string>() {
  const elements = useRef(new Map<Field, InputProps.Ref>());
  const field = useCallback(
    (name: Field) => (instance: InputProps.Ref | null) => {
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
