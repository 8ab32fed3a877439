import { Link } from 'react-router-dom';
import './horizontal-navigation.css';

export interface HorizontalNavigationItem {
  href: string;
  text: string;
}

/**
 * The navigation as a horizontal menu under the top bar (the horizontal layout): the
 * side navigation's entries, with the same one marked as the current page.
 */
export function HorizontalNavigation({
  items,
  activeHref,
  label,
}: {
  items: HorizontalNavigationItem[];
  activeHref: string;
  label: string;
}) {
  return (
    <nav className="horizontal-navigation" aria-label={label} data-testid="horizontal-navigation">
      <ul className="horizontal-navigation__list">
        {items.map((item) => {
          const active = item.href === activeHref;
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                className={`horizontal-navigation__link${active ? ' horizontal-navigation__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {item.text}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
