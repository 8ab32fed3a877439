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

/**
 * The /products floor (test/bench/web-size.ts), opened signed in: the /login floor
 * without its form and sign-in call (a signed-in page loads neither) plus the session's
 * token for the API and the Cloudscape frame and list of a back-office page: app
 * layout, top and side navigation, table, pagination, collection preferences. No texts,
 * no app code: no signed-in list page on this stack can load less.
 */
interface Row {
  id: string;
}

function Products() {
  const [rows, setRows] = useState<Row[]>([]);
  const [pageSize, setPageSize] = useState(20);
  useEffect(() => {
    void fetchAuthSession().then(async ({ tokens }) => {
      const response = await fetch('/api/products', {
        headers: { authorization: `Bearer ${String(tokens?.idToken)}` },
      });
      setRows(((await response.json()) as { items: Row[] }).items);
    });
  }, []);
  return (
    <>
      <TopNavigation identity={{ href: '/', title: 'Floor' }} />
      <AppLayout
        navigation={<SideNavigation items={[{ type: 'link', text: 'Products', href: '/' }]} />}
        content={
          <Table
            items={rows}
            columnDefinitions={[{ id: 'id', header: 'Id', cell: (row) => row.id }]}
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
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
