import Pagination, { type PaginationProps } from '@cloudscape-design/components/pagination';
import { useTranslation } from 'react-i18next';

interface ListPaginationProps {
  /** The paged list, e.g. from `useCursorList`: page indexes count from 0. */
  list: { pageIndex: number; pagesCount: number; setPageIndex: (index: number) => void };
  disabled: boolean;
  /** The list's own labels; the shared table labels otherwise. */
  ariaLabels?: PaginationProps.Labels;
}

/** The pages of a back-office list, numbered from 1 for the person using it. */
export function ListPagination({ list, disabled, ariaLabels }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      currentPageIndex={list.pageIndex + 1}
      pagesCount={list.pagesCount}
      disabled={disabled}
      onChange={({ detail }) => list.setPageIndex(detail.currentPageIndex - 1)}
      ariaLabels={
        ariaLabels ?? {
          paginationLabel: t('table.pagination.label'),
          nextPageLabel: t('table.pagination.next'),
          previousPageLabel: t('table.pagination.previous'),
          pageLabel: (number) => t('table.pagination.page', { number }),
        }
      }
    />
  );
}
