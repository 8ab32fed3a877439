import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { LeaveForPage } from './leave-for-page';
import { paths } from './paths';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';
import type { RouteHandle } from './route-handle';
import { appRoutes, type AppRoute, type LayoutKind, type PageId } from './route-table';

function HomeRedirect() {
  return <Navigate to={paths.dashboard} replace />;
}

function AccountSettingsRedirect() {
  return <Navigate to={paths.accountSettingsAccount} replace />;
}

function UserProfileRedirect() {
  return <Navigate to={paths.userProfileProfile} replace />;
}

function ReportCenterPage() {
  return <LeaveForPage path={paths.search} file="/search.html" />;
}

function SignInPage() {
  return <LeaveForPage path={paths.login} file="/login.html" />;
}

interface LazyModule {
  Component: ComponentType;
  /** Starts loading the code (once); the guard calls it so layout and page load in parallel. */
  preload: () => Promise<unknown>;
}

function lazyModule(load: () => Promise<{ default: ComponentType }>): LazyModule {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load());
  return { Component: lazy(preload), preload };
}

const eager = (Component: ComponentType): LazyModule => ({
  Component,
  preload: () => Promise.resolve(),
});

/**
 * Each layout and page is its own chunk, so the sign-in page never downloads the
 * back-office frame or its pages (and the reverse).
 */
const pages: Record<PageId, LazyModule> = {
  home: eager(HomeRedirect),
  // The sign-in page is its own entry (login.html): never in this bundle.
  login: eager(SignInPage),
  register: lazyModule(() => import('../features/auth/pages/register-page')),
  forgotPassword: lazyModule(() => import('../features/auth/pages/forgot-password-page')),
  resetPassword: lazyModule(() => import('../features/auth/pages/reset-password-page')),
  dashboard: lazyModule(() => import('../features/dashboard/pages/dashboard-page')),
  products: lazyModule(() => import('../features/products/pages/products-page')),
  addProduct: lazyModule(() => import('../features/products/pages/add-product-page')),
  editProduct: lazyModule(() => import('../features/products/pages/edit-product-page')),
  serialNumbers: lazyModule(() => import('../features/serial-numbers/pages/serial-numbers-page')),
  addSerialNumber: lazyModule(
    () => import('../features/serial-numbers/pages/add-serial-number-page'),
  ),
  editSerialNumber: lazyModule(
    () => import('../features/serial-numbers/pages/edit-serial-number-page'),
  ),
  unit: lazyModule(() => import('../features/units/pages/unit-page')),
  machineData: lazyModule(() => import('../features/machine-data/pages/machine-data-page')),
  statistics: lazyModule(() => import('../features/statistics/pages/statistics-page')),
  searches: lazyModule(() => import('../features/searches/pages/searches-page')),
  staffs: lazyModule(() => import('../features/staffs/pages/staffs-page')),
  addStaff: lazyModule(() => import('../features/staffs/pages/add-staff-page')),
  activity: lazyModule(() => import('../features/audit/pages/activity-page')),
  settings: lazyModule(() => import('../features/settings/pages/settings-page')),
  accountSettings: eager(AccountSettingsRedirect),
  accountSettingsAccount: lazyModule(() => import('../features/auth/pages/account-settings-page')),
  userProfile: eager(UserProfileRedirect),
  userProfileProfile: lazyModule(() => import('../features/auth/pages/user-profile-page')),
  secondFactor: lazyModule(() => import('../features/auth/pages/second-factor-page')),
  // The public Test Report Center is its own entry (search.html): never in this bundle.
  search: eager(ReportCenterPage),
  notAuthorized: lazyModule(() => import('../features/misc/pages/not-authorized-page')),
  notFound: lazyModule(() => import('../features/misc/pages/not-found-page')),
};

const layouts: Record<Exclude<LayoutKind, 'none'>, LazyModule> = {
  blank: lazyModule(() => import('../layouts/blank-layout')),
  shell: lazyModule(() => import('../layouts/app-shell')),
};

function pageRoute(route: AppRoute): RouteObject {
  const { Component: Page, preload: preloadPage } = pages[route.page];
  const preloadLayout = route.layout === 'none' ? undefined : layouts[route.layout].preload;
  const handle: RouteHandle = {
    access: route.access,
    preload: () => Promise.all([preloadLayout?.(), preloadPage()]),
  };
  return { path: route.path, handle, element: <Page /> };
}

function layoutRoute(kind: Exclude<LayoutKind, 'none'>): RouteObject {
  const Layout = layouts[kind].Component;
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Layout />
      </Suspense>
    ),
    children: appRoutes.filter((route) => route.layout === kind).map(pageRoute),
  };
}

export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      ...appRoutes.filter((route) => route.layout === 'none').map(pageRoute),
      layoutRoute('blank'),
      layoutRoute('shell'),
    ],
  },
]);
