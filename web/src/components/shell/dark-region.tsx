import { applyMode, Mode } from '@cloudscape-design/global-styles';
import { useLayoutEffect, useRef, type HTMLAttributes } from 'react';
import 'virtual:cloudscape-dark-region.css';

/**
 * A part of the page in Cloudscape's dark colours while the rest may be light (the
 * semi-dark navigation): `applyMode` on this element, plus the build's re-declaration
 * of the tokens Cloudscape defines once on `body` (see web/build/cloudscape-theming.ts),
 * so the components inside really take the dark mode's colours. Its background is the
 * caller's (a class of its own stylesheet).
 */
export function DarkRegion({
  dark,
  className,
  children,
  ...attributes
}: HTMLAttributes<HTMLDivElement> & { dark: boolean }) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (element.current) applyMode(dark ? Mode.Dark : null, element.current);
  }, [dark]);
  const classes = [className, dark ? 'cloudscape-dark-region' : ''].filter(Boolean).join(' ');
  return (
    <div ref={element} className={classes} {...attributes}>
      {children}
    </div>
  );
}
