import AppLayout from '@cloudscape-design/components/app-layout';
import SideNavigation, {
  type SideNavigationProps,
} from '@cloudscape-design/components/side-navigation';
import TopNavigation, {
  type TopNavigationProps,
} from '@cloudscape-design/components/top-navigation';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { useAuth } from '../features/auth';
import { isLanguage } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { useAppTitle } from '../lib/use-config';
import { paths } from '../routes/paths';
import { activeNavigationPath, navigationRoutes } from '../routes/route-table';
import './app-shell.css';

/**
 * Cloudscape spreads a menu utility's `data-*` keys onto its dropdown: a stable test
 * hook. TopNavigation also renders aria-hidden copies for measuring, so tests should
 * select the visible one (`[data-testid="user-menu"]:visible`).
 */
type TestableUtility = TopNavigationProps.MenuDropdownUtility & { 'data-testid': string };

/** Frame of the back-office: top navigation, side navigation and the page. */
export default function AppShell() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, signOut } = useAuth();
  const { language, options, setLanguage } = useLanguage();
  const [signingOut, setSigningOut] = useState(false);

  // The route guard renders this frame for signed-in users only.
  if (!user) return null;

  const followInApp = (href: string | undefined, event: CustomEvent) => {
    if (!href) return;
    event.preventDefault();
    void navigate(href);
  };

  const navigationItems: SideNavigationProps.Item[] = navigationRoutes(user.role).map((route) => ({
    type: 'link',
    text: t(route.navLabel),
    href: route.path,
  }));
  // Add and edit pages highlight the list they belong to.
  const activeHref = activeNavigationPath(pathname) ?? pathname;

  const handleSignOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    await signOut();
    void navigate(paths.login, { replace: true });
  };

  const languageMenu: TestableUtility = {
    type: 'menu-dropdown',
    'data-testid': 'language-menu',
    text: options.find((option) => option.id === language)?.text,
    ariaLabel: t('language.menuLabel'),
    items: options.map((option) => ({ id: option.id, text: option.text })),
    onItemClick: ({ detail }) => {
      if (isLanguage(detail.id)) void setLanguage(detail.id);
    },
  };

  const userMenu: TestableUtility = {
    type: 'menu-dropdown',
    'data-testid': 'user-menu',
    text: user.email,
    description: user.name ? `${user.name} · ${t(`roles.${user.role}`)}` : t(`roles.${user.role}`),
    iconName: 'user-profile',
    ariaLabel: t('userMenu.label'),
    items: [{ id: 'signout', text: t('userMenu.signOut'), disabled: signingOut }],
    onItemClick: ({ detail }) => {
      if (detail.id === 'signout') void handleSignOut();
    },
  };

  return (
    <>
      <div id="top-navigation" className="app-shell__top-navigation">
        <TopNavigation
          identity={{
            href: paths.dashboard,
            title: appTitle,
            logo: { src: '/favicon.svg', alt: t('app.logoAlt') },
            onFollow: (event) => followInApp(paths.dashboard, event),
          }}
          utilities={[languageMenu, userMenu]}
        />
      </div>
      <AppLayout
        headerSelector="#top-navigation"
        toolsHide
        navigation={
          <SideNavigation
            // `/` forwards to the dashboard; a different href keeps the header from
            // being highlighted together with the Dashboard link.
            header={{ href: paths.home, text: appTitle }}
            activeHref={activeHref}
            items={navigationItems}
            onFollow={(event) => {
              if (!event.detail.external) followInApp(event.detail.href, event);
            }}
          />
        }
        content={
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        }
      />
    </>
  );
}
