import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { formatNumber } from '../../lib/format';
import type { ImportProblem } from './import-flow';

/** Problems per page: a page fits the dialog on a 768-pixel-high screen. */
export const problemsPageSize = 10;

/**
 * Every problem the server named, by row and column, in reading order, with the catalogue's
 * message; the count of all of them when the answer listed only the first.
 */
export function ImportProblemsTable({
  problems,
  total,
}: {
  problems: readonly ImportProblem[];
  total: number;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const [pageIndex, setPageIndex] = useState(0);
  const pagesCount = Math.max(1, Math.ceil(problems.length / problemsPageSize));
  const page = Math.min(pageIndex, pagesCount - 1);
  const bounded = total > problems.length;

  return (
    <Table<ImportProblem>
      data-testid="import-problems"
      variant="embedded"
      wrapLines
      items={problems.slice(page * problemsPageSize, (page + 1) * problemsPageSize)}
      ariaLabels={{ tableLabel: t('imports.problems') }}
      header={
        <Header
          variant="h3"
          counter={
            bounded
              ? t('imports.problemsCounterBounded', {
                  listed: number(problems.length),
                  total: number(total),
                })
              : `(${number(total)})`
          }
          description={
            bounded
              ? t('imports.problemsBounded', {
                  listed: number(problems.length),
                  total: number(total),
                })
              : undefined
          }
        >
          {t('imports.problems')}
        </Header>
      }
      pagination={
        pagesCount > 1 ? (
          <Pagination
            currentPageIndex={page + 1}
            pagesCount={pagesCount}
            onChange={({ detail }) => setPageIndex(detail.currentPageIndex - 1)}
            ariaLabels={{
              paginationLabel: t('imports.problemPages'),
              nextPageLabel: t('table.pagination.next'),
              previousPageLabel: t('table.pagination.previous'),
              pageLabel: (value) => t('table.pagination.page', { number: value }),
            }}
          />
        ) : undefined
      }
      columnDefinitions={[
        {
          id: 'line',
          header: t('imports.line'),
          width: 90,
          cell: (problem) => number(problem.line),
        },
        {
          id: 'field',
          header: t('imports.column'),
          width: 190,
          isRowHeader: true,
          cell: (problem) => (problem.field === '_' ? t('imports.wholeRow') : problem.field),
        },
        {
          id: 'message',
          header: t('imports.problem'),
          cell: (problem) => problem.message,
        },
      ]}
    />
  );
}
