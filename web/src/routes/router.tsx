import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { paths } from './paths';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';
import type { RouteHandle } from './route-handle';
import { appRoutes, type AppRoute, type LayoutKind, type PageId } from './route-table';

function HomeRedirect() {
  return <Navigate to={paths.dashboard} replace />;
}

/**
 * Each layout and page is its own chunk, so the sign-in page never downloads the
 * back-office frame or its pages (and the reverse).
 */
const pages: Record<PageId, ComponentType> = {
  home: HomeRedirect,
  login: lazy(() => import('../features/auth/pages/login-page')),
  dashboard: lazy(() => import('../features/dashboard/pages/dashboard-page')),
  products: lazy(() => import('../features/products/pages/products-page')),
  serialNumbers: lazy(() => import('../features/serial-numbers/pages/serial-numbers-page')),
  machineData: lazy(() => import('../features/machine-data/pages/machine-data-page')),
  searches: lazy(() => import('../features/searches/pages/searches-page')),
  staffs: lazy(() => import('../features/staffs/pages/staffs-page')),
  notAuthorized: lazy(() => import('../features/misc/pages/not-authorized-page')),
  notFound: lazy(() => import('../features/misc/pages/not-found-page')),
};

const layouts: Record<Exclude<LayoutKind, 'none'>, ComponentType> = {
  blank: lazy(() => import('../layouts/blank-layout')),
  shell: lazy(() => import('../layouts/app-shell')),
};

function pageRoute(route: AppRoute): RouteObject {
  const Page = pages[route.page];
  const handle: RouteHandle = { access: route.access };
  return { path: route.path, handle, element: <Page /> };
}

function layoutRoute(kind: Exclude<LayoutKind, 'none'>): RouteObject {
  const Layout = layouts[kind];
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
