import '@cloudscape-design/global-styles/index.css';
import AppLayout from '@cloudscape-design/components/app-layout';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import Table from '@cloudscape-design/components/table';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { fetchAuthSession } from 'aws-amplify/auth';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { configureAuth } from './auth';

/** A row of the list, and how the page reads the API's answer and names things. */
export interface Row {
  id: string;
}
export interface ListPageParts {
  /** Reads the list out of the API's JSON answer. */
  readRows: (body: unknown) => Row[];
  /** The text of an interface key. */
  text: (key: 'title' | 'products' | 'id') => string;
  /** Wraps the page (e.g. in a provider). */
  wrap?: (page: React.ReactElement) => React.ReactElement;
}

/**
 * The Cloudscape frame and list of a signed-in back-office page, as the /products floors
 * draw it (products.tsx, products-libraries.tsx): app layout, top and side navigation,
 * table, pagination, collection preferences, the session's token for the API. Each entry
 * gives how the answer is read and where the texts come from.
 */
export function renderListPage({ readRows, text, wrap = (page) => page }: ListPageParts) {
  function Products() {
    const [rows, setRows] = useState<Row[]>([]);
    const [pageSize, setPageSize] = useState(20);
    useEffect(() => {
      void fetchAuthSession().then(async ({ tokens }) => {
        const response = await fetch('/api/products', {
          headers: { authorization: `Bearer ${String(tokens?.idToken)}` },
        });
        setRows(readRows(await response.json()));
      });
    }, []);
    return (
      <>
        <TopNavigation identity={{ href: '/', title: text('title') }} />
        <AppLayout
          navigation={
            <SideNavigation items={[{ type: 'link', text: text('products'), href: '/' }]} />
          }
          content={
            <Table
              items={rows}
              columnDefinitions={[{ id: 'id', header: text('id'), cell: (row) => row.id }]}
              pagination={<Pagination currentPageIndex={1} pagesCount={1} />}
              preferences={
                <CollectionPreferences
                  preferences={{ pageSize }}
                  pageSizePreference={{ options: [{ value: 20 }, { value: 50 }] }}
                  onConfirm={({ detail }) => setPageSize(detail.pageSize ?? 20)}
                />
              }
            />
          }
        />
      </>
    );
  }
  configureAuth();
  const router = createBrowserRouter([{ path: '*', element: <Products /> }]);
  createRoot(document.getElementById('root')!).render(wrap(<RouterProvider router={router} />));
}
