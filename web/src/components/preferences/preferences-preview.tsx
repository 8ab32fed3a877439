import { useTranslation } from 'react-i18next';
import type { InterfacePreferences } from '../../lib/preferences';
import { DarkRegion } from '../shell/dark-region';
import './preferences-preview.css';

/**
 * A miniature of the back office's frame drawn as the preferences say: top bar (sticky
 * ones solid, static ones dashed, blurred over the page when blur is on), horizontal
 * menu or vertical navigation (expanded or collapsed, semi-dark), boxed or full-width
 * content, the skin's shadows or borders, the colour scheme's accent, and the footer.
 * It takes the page's own theme and colours, so it follows every change at once.
 */
export function PreferencesPreview({ preferences: p }: { preferences: InterfacePreferences }) {
  const { t } = useTranslation();
  const navItems = [0, 1, 2, 3];
  const classes = [
    'preferences-preview',
    `preferences-preview--${p.layout}`,
    `preferences-preview--width-${p.contentWidth}`,
    `preferences-preview--navbar-${p.navbar}`,
    `preferences-preview--footer-${p.footer}`,
    p.navbarBlur === 'on' && p.navbar === 'sticky' ? 'preferences-preview--blur' : '',
  ];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      role="img"
      aria-label={t('preferences.previewLabel')}
      data-testid="preferences-preview"
      data-layout={p.layout}
      data-skin={p.skin}
    >
      {p.navbar !== 'hidden' && (
        <DarkRegion dark className="preferences-preview__top">
          <span className="preferences-preview__logo" />
          <span className="preferences-preview__line preferences-preview__line--short" />
          <span className="preferences-preview__spacer" />
          <span className="preferences-preview__dot" />
        </DarkRegion>
      )}
      {p.layout === 'horizontal' && (
        <div className="preferences-preview__menu">
          {navItems.map((item) => (
            <span
              key={item}
              className={`preferences-preview__menu-item${item === 0 ? ' preferences-preview__menu-item--active' : ''}`}
            />
          ))}
        </div>
      )}
      <div className="preferences-preview__body">
        {p.layout !== 'horizontal' && (
          <DarkRegion dark={p.semiDarkNavigation === 'on'} className="preferences-preview__nav">
            {navItems.map((item) => (
              <span
                key={item}
                className={`preferences-preview__nav-item${item === 0 ? ' preferences-preview__nav-item--active' : ''}`}
              />
            ))}
          </DarkRegion>
        )}
        <div className="preferences-preview__content">
          <div className="preferences-preview__page">
            <span className="preferences-preview__line preferences-preview__line--title" />
            <div className="preferences-preview__cards">
              {[0, 1, 2].map((card) => (
                <div key={card} className="preferences-preview__card">
                  <span className="preferences-preview__line" />
                  <span className="preferences-preview__line preferences-preview__line--short" />
                  {card === 0 && <span className="preferences-preview__button" />}
                </div>
              ))}
            </div>
            <div className="preferences-preview__card preferences-preview__card--wide">
              <span className="preferences-preview__line" />
              <span className="preferences-preview__line" />
              <span className="preferences-preview__line preferences-preview__line--short" />
            </div>
          </div>
        </div>
      </div>
      {p.footer !== 'hidden' && <div className="preferences-preview__footer" />}
    </div>
  );
}
