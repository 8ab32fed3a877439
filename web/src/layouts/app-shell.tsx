import AppLayout from '@cloudscape-design/components/app-layout';
import Button from '@cloudscape-design/components/button';
import SideNavigation, {
  type SideNavigationProps,
} from '@cloudscape-design/components/side-navigation';
import TopNavigation, {
  type TopNavigationProps,
} from '@cloudscape-design/components/top-navigation';
import { lazy, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { applyNavbarBlur } from '../components/preferences/theme-styles';
import { usePreferences } from '../components/preferences/use-preferences';
import { AppFooter } from '../components/shell/app-footer';
import { DarkRegion } from '../components/shell/dark-region';
import { HorizontalNavigation } from '../components/shell/horizontal-navigation';
import { NavigationDrawer } from '../components/shell/navigation-drawer';
import { OfflineBanner } from '../components/shell/offline-banner';
import { ScrollToTopButton } from '../components/shell/scroll-to-top-button';
import { useAuth } from '../features/auth';
import { isLanguage } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { useSetLanguage } from '../i18n/use-set-language';
import { useAppTitle } from '../lib/use-config';
import { useNarrowViewport } from '../lib/use-narrow-viewport';
import { useWindowScrolled } from '../lib/use-window-scrolled';
import { paths } from '../routes/paths';
import { activeNavigationPath, navigationRoutes } from '../routes/route-table';
import './app-shell.css';

/** The preferences dialog is fetched the first time it opens. */
const PreferencesModal = lazy(() => import('../components/preferences/preferences-modal'));

/**
 * Cloudscape spreads a menu utility's `data-*` keys onto its dropdown: a stable test
 * hook. TopNavigation also renders aria-hidden copies for measuring, so tests should
 * select the visible one (`[data-testid="user-menu"]:visible`).
 */
type TestableUtility = TopNavigationProps.MenuDropdownUtility & { 'data-testid': string };

/** Navigation entries standing in for the user menu while the top bar is hidden. */
const preferencesHref = '#interface-preferences';
const signOutHref = '#sign-out';

/**
 * Frame of the back office: top navigation, the navigation (beside the page, collapsed,
 * or a horizontal menu under the top bar; a drawer over the page in windows narrower
 * than 1279 px whatever the choice), footer and the page, laid out and coloured as the
 * user's interface preferences say.
 */
export default function AppShell() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, signOut } = useAuth();
  const { language, options } = useLanguage();
  const setLanguage = useSetLanguage();
  const { preferences, updatePreferences, panelOpen, setPanelOpen } = usePreferences();
  const narrow = useNarrowViewport();
  // The drawer belongs to the page it was opened on: it closes on every page change.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string>();
  const drawerOpen = narrow && drawerOpenOn === pathname;
  const [signingOut, setSigningOut] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpenOn(undefined), []);
  // A blurred bar is one the page scrolls beneath: sticky only, and once the page has
  // scrolled (at the top, nothing is beneath it but the page's background).
  const blurred = preferences.navbar === 'sticky' && preferences.navbarBlur === 'on';
  const scrolled = useWindowScrolled();
  const glass = blurred && scrolled;
  useLayoutEffect(() => (glass ? applyNavbarBlur() : undefined), [glass]);

  // The route guard renders this frame for signed-in users only.
  if (!user) return null;

  const followInApp = (href: string | undefined, event: CustomEvent) => {
    if (!href) return;
    event.preventDefault();
    void navigate(href);
  };

  const handleSignOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    await signOut();
    void navigate(paths.login, { replace: true });
  };

  const navbarShown = preferences.navbar !== 'hidden';
  const horizontal = preferences.layout === 'horizontal' && !narrow;
  const semiDark = preferences.semiDarkNavigation === 'on';
  const pages = navigationRoutes(user.role).map((route) => ({
    text: t(route.navLabel),
    href: route.path,
  }));
  const navigationItems: SideNavigationProps.Item[] = pages.map((page) => ({
    type: 'link',
    ...page,
  }));
  if (!navbarShown) {
    navigationItems.push(
      { type: 'divider' },
      { type: 'link', text: t('userMenu.accountSettings'), href: paths.accountSettingsAccount },
      { type: 'link', text: t('userMenu.userProfile'), href: paths.userProfileProfile },
      { type: 'link', text: t('userMenu.preferences'), href: preferencesHref },
      { type: 'link', text: t('userMenu.signOut'), href: signOutHref },
    );
  }
  // Add and edit pages highlight the list they belong to.
  const activeHref = activeNavigationPath(pathname) ?? pathname;

  const navigation = (
    <DarkRegion
      dark={semiDark}
      className="app-shell__navigation"
      data-testid="side-navigation"
      data-semi-dark={semiDark}
    >
      <SideNavigation
        // `/` forwards to the dashboard; a different href keeps the header from
        // being highlighted together with the Dashboard link.
        header={{ href: paths.home, text: appTitle }}
        activeHref={activeHref}
        items={navigationItems}
        onFollow={(event) => {
          if (event.detail.external) return;
          closeDrawer();
          if (event.detail.href === preferencesHref) {
            event.preventDefault();
            setPanelOpen(true);
          } else if (event.detail.href === signOutHref) {
            event.preventDefault();
            void handleSignOut();
          } else {
            followInApp(event.detail.href, event);
          }
        }}
      />
    </DarkRegion>
  );

  const languageMenu: TestableUtility = {
    type: 'menu-dropdown',
    'data-testid': 'language-menu',
    text: options.find((option) => option.id === language)?.text,
    // The accessible name starts with the visible text (WCAG 2.5.3, "label in name").
    ariaLabel: `${t(`language.${language}`)}, ${t('language.menuLabel')}`,
    items: options.map((option) => ({ id: option.id, text: option.text })),
    onItemClick: ({ detail }) => {
      if (isLanguage(detail.id)) setLanguage(detail.id);
    },
  };

  const userMenu: TestableUtility = {
    type: 'menu-dropdown',
    'data-testid': 'user-menu',
    text: user.email,
    description: user.name ? `${user.name} · ${t(`roles.${user.role}`)}` : t(`roles.${user.role}`),
    iconName: 'user-profile',
    ariaLabel: `${user.email}, ${t('userMenu.label')}`,
    items: [
      {
        id: 'account-settings',
        text: t('userMenu.accountSettings'),
        href: paths.accountSettingsAccount,
        iconName: 'user-profile',
      },
      {
        id: 'user-profile',
        text: t('userMenu.userProfile'),
        href: paths.userProfileProfile,
        iconName: 'contact',
      },
      { id: 'preferences', text: t('userMenu.preferences'), iconName: 'settings' },
      { id: 'signout', text: t('userMenu.signOut'), disabled: signingOut },
    ],
    onItemFollow: ({ detail }) => {
      if (detail.href) void navigate(detail.href);
    },
    onItemClick: ({ detail }) => {
      if (detail.id === 'preferences') setPanelOpen(true);
      if (detail.id === 'signout') void handleSignOut();
    },
  };

  const topClasses = [
    'app-shell__top-navigation',
    `app-shell__top-navigation--${preferences.navbar}`,
    glass ? 'app-shell__top-navigation--blur' : '',
  ];
  return (
    <>
      {navbarShown && (
        <div
          id="top-navigation"
          className={topClasses.filter(Boolean).join(' ')}
          data-testid="top-bar"
          data-placement={preferences.navbar}
          data-blur={blurred}
          data-glass={glass}
        >
          <TopNavigation
            identity={{
              href: paths.dashboard,
              title: appTitle,
              logo: { src: '/favicon.svg', alt: t('app.logoAlt') },
              onFollow: (event) => followInApp(paths.dashboard, event),
            }}
            utilities={[languageMenu, userMenu]}
          />
          {horizontal && (
            <HorizontalNavigation
              items={pages}
              activeHref={activeHref}
              label={t('shell.navigation')}
            />
          )}
        </div>
      )}
      <AppLayout
        // Only a sticky bar stays in view, so only then do sticky parts keep clear of it.
        headerSelector={preferences.navbar === 'sticky' ? '#top-navigation' : '#no-sticky-header'}
        // Only a sticky footer covers the window's bottom; the navigation reaches the
        // bottom above a static one.
        footerSelector={preferences.footer === 'sticky' ? '#app-footer' : '#no-footer'}
        toolsHide
        navigationHide={narrow || horizontal}
        navigationOpen={preferences.navigation === 'expanded'}
        onNavigationChange={({ detail }) =>
          updatePreferences({ navigation: detail.open ? 'expanded' : 'collapsed' })
        }
        ariaLabels={{
          navigation: t('shell.navigation'),
          navigationToggle: t('shell.openNavigation'),
          navigationClose: t('shell.closeNavigation'),
        }}
        maxContentWidth={preferences.contentWidth === 'full' ? Number.MAX_VALUE : undefined}
        navigation={narrow || horizontal ? undefined : navigation}
        notifications={<OfflineBanner />}
        content={
          <div
            data-testid="app-content"
            data-layout={narrow ? 'drawer' : preferences.layout}
            data-content-width={preferences.contentWidth}
          >
            {narrow && (
              <div className="navigation-toggle">
                <Button
                  variant="icon"
                  iconName="menu"
                  ariaLabel={t('shell.openNavigation')}
                  ariaExpanded={drawerOpen}
                  data-testid="navigation-toggle"
                  onClick={() => setDrawerOpenOn(pathname)}
                />
              </div>
            )}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        }
      />
      {preferences.footer !== 'hidden' && (
        <AppFooter id="app-footer" sticky={preferences.footer === 'sticky'} />
      )}
      <NavigationDrawer open={drawerOpen} onClose={closeDrawer} dark={semiDark}>
        {navigation}
      </NavigationDrawer>
      <ScrollToTopButton />
      {panelOpen && (
        <Suspense fallback={null}>
          <PreferencesModal />
        </Suspense>
      )}
    </>
  );
}
