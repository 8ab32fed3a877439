import Button from '@cloudscape-design/components/button';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DarkRegion } from './dark-region';
import './shell.css';

/**
 * The side navigation as a drawer over the page (narrow windows): a dialog that takes
 * the focus, closes with Escape, its close button or a click beside it, and gives the
 * focus back to what opened it.
 */
export function NavigationDrawer({
  open,
  onClose,
  dark = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The semi-dark navigation: the whole panel, its close button included, is dark. */
  dark?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="navigation-drawer" data-testid="navigation-drawer">
      <button
        type="button"
        className="navigation-drawer__backdrop"
        aria-label={t('shell.closeNavigation')}
        tabIndex={-1}
        onClick={onClose}
      />
      <div
        ref={panel}
        className="navigation-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.navigation')}
      >
        <DarkRegion dark={dark} className="navigation-drawer__content">
          <div className="navigation-drawer__close">
            <Button
              variant="icon"
              iconName="close"
              ariaLabel={t('shell.closeNavigation')}
              onClick={onClose}
            />
          </div>
          {children}
        </DarkRegion>
      </div>
    </div>
  );
}
