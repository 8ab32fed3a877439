import Button from '@cloudscape-design/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './shell.css';

/** The button shows once the page has scrolled this far. */
export const scrollToTopAfterPx = 200;

/** A button in the bottom-right corner that scrolls smoothly back to the top. */
export function ScrollToTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > scrollToTopAfterPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <div className="scroll-to-top" data-testid="scroll-to-top">
      <Button
        variant="primary"
        iconName="angle-up"
        ariaLabel={t('shell.scrollToTop')}
        onClick={() => {
          const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
          window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        }}
      />
    </div>
  );
}
