import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Space left above an element scrolled to by a `#hash` (the sticky top bar). */
export const hashScrollOffsetPx = 60;

/** How long to wait for a `#hash` target to render (pages load their code and data). */
const hashWaitMs = 3000;

const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

function findHashTarget(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep it as written
  }
  return document.getElementById(id);
}

/**
 * After each navigation: to a `#hash`, scrolls smoothly to that element leaving 60 px
 * above it; to anything else, starts at the top of the page.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();

  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
      return;
    }
    let frame = 0;
    const deadline = performance.now() + hashWaitMs;
    const scrollToTarget = () => {
      const target = findHashTarget(hash);
      if (target) {
        const top = target.getBoundingClientRect().top + window.scrollY - hashScrollOffsetPx;
        window.scrollTo({ top: Math.max(0, top), behavior: scrollBehavior() });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(scrollToTarget);
    };
    scrollToTarget();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);

  return null;
}
