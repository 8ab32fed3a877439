import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import { useTranslation } from 'react-i18next';
import type { ColumnDisplay } from '../lib/column-display';
import { allPageSize, pageSizeOptions } from '../lib/page-size';

interface ColumnChoice {
  id: string;
  label: string;
  /** The column that names the row (and the actions) cannot be hidden. */
  alwaysVisible?: boolean;
}

interface ListPreferencesProps {
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  /** What a page holds, e.g. "Products per page". */
  pageSizeTitle: string;
  /** One page size choice, e.g. "20 products". */
  pageSizeLabel: (count: number) => string;
  /** Column order and visibility; left out for tables without the choice. */
  columns?: {
    choices: readonly ColumnChoice[];
    display: readonly ColumnDisplay[];
    onChange: (display: readonly ColumnDisplay[]) => void;
  };
}

/**
 * The preferences of a back-office table: page size (5 … 100 and "All") and, when
 * given, the columns' order and visibility. The caller remembers both
 * (`usePageSizePreference`, `useColumnDisplayPreference`).
 */
export function ListPreferences({
  pageSize,
  onPageSizeChange,
  pageSizeTitle,
  pageSizeLabel,
  columns,
}: ListPreferencesProps) {
  const { t } = useTranslation();
  return (
    <CollectionPreferences
      title={t('table.preferences.title')}
      confirmLabel={t('table.preferences.confirm')}
      cancelLabel={t('table.preferences.cancel')}
      closeAriaLabel={t('table.preferences.cancel')}
      preferences={{ pageSize, ...(columns && { contentDisplay: columns.display }) }}
      pageSizePreference={{
        title: pageSizeTitle,
        options: pageSizeOptions.map((size) => ({
          value: size,
          label: size === allPageSize ? t('table.preferences.all') : pageSizeLabel(size),
        })),
      }}
      contentDisplayPreference={
        columns && {
          title: t('table.preferences.columns'),
          description: t('table.preferences.columnsDescription'),
          options: columns.choices.map((choice) => ({ ...choice })),
        }
      }
      onConfirm={({ detail }) => {
        if (detail.pageSize) onPageSizeChange(detail.pageSize);
        if (columns && detail.contentDisplay) {
          columns.onChange(
            detail.contentDisplay.map((item) => ({ id: item.id, visible: item.visible })),
          );
        }
      }}
    />
  );
}
