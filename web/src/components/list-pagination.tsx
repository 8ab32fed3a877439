import Pagination from '@cloudscape-design/components/pagination';
import { useTranslation } from 'react-i18next';

interface ListPaginationProps {
  /** The paged list, e.g. from `useCursorList`: page indexes count from 0. */
  list: { pageIndex: number; pagesCount: number; setPageIndex: (index: number) => void };
  disabled: boolean;
  /** The pagination's name for screen readers, e.g. "Staff account pages"; "Pages" otherwise. */
  label?: string;
}

/** The pages of a back-office list, numbered from 1 for the person using it. */
export function ListPagination({ list, disabled, label }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      currentPageIndex={list.pageIndex + 1}
      pagesCount={list.pagesCount}
      disabled={disabled}
      onChange={({ detail }) => list.setPageIndex(detail.currentPageIndex - 1)}
      ariaLabels={{
        paginationLabel: label ?? t('table.pagination.label'),
        nextPageLabel: t('table.pagination.next'),
        previousPageLabel: t('table.pagination.previous'),
        pageLabel: (number) => t('table.pagination.page', { number }),
      }}
    />
  );
}
