import Button from '@cloudscape-design/components/button';
import type CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDisplay } from '../lib/column-display';
import { allPageSize, pageSizeOptions } from '../lib/page-size';
import { retryingLoader } from '../lib/retrying-loader';

/**
 * Cloudscape's CollectionPreferences (its dialog, radio group, toggles and the columns'
 * drag and drop: a tenth of a list page's first load) is fetched when a person heads for
 * its button (pointer over it, focus, a tap), not with the page. A failed download is
 * tried again at the next approach.
 */
const loadCollectionPreferences = retryingLoader(() =>
  import('@cloudscape-design/components/collection-preferences').then((module) => module.default),
);

/** The component once fetched: later tables draw it at once. */
let loadedPreferences: typeof CollectionPreferences | undefined;

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
 * (`usePageSizePreference`, `useColumnDisplayPreference`). Until Cloudscape's component
 * is fetched, its settings button is drawn as it draws it; a click or focus on that
 * button passes to the real one once it is there.
 */
export function ListPreferences({
  pageSize,
  onPageSizeChange,
  pageSizeTitle,
  pageSizeLabel,
  columns,
}: ListPreferencesProps) {
  const { t } = useTranslation();
  const [Preferences, setPreferences] = useState(() => loadedPreferences);
  const box = useRef<HTMLDivElement>(null);
  // The stand-in was clicked while the component was on its way: open it once there.
  const openOnArrival = useRef(false);
  // Presses on the stand-in: a click landing after the component arrived but before it was
  // drawn must still open it, so each press runs the effect below again. A press counts
  // from the pointer going down: when the real button replaces the stand-in between the
  // press and the release, the browser sends the click to neither.
  const [standInPresses, setStandInPresses] = useState(0);
  // The stand-in had the focus as the component arrived: the real button takes it.
  const focusOnArrival = useRef(false);

  const fetchPreferences = () => {
    loadCollectionPreferences().then(
      (component) => {
        loadedPreferences = component;
        focusOnArrival.current = box.current?.contains(document.activeElement) ?? false;
        setPreferences(() => component);
      },
      (error: unknown) => {
        openOnArrival.current = false;
        console.error(error);
      },
    );
  };

  const press = () => {
    openOnArrival.current = true;
    setStandInPresses((presses) => presses + 1);
    fetchPreferences();
  };

  useEffect(() => {
    if (!Preferences) return;
    const trigger = box.current?.querySelector('button');
    if (focusOnArrival.current || openOnArrival.current) trigger?.focus();
    if (openOnArrival.current) trigger?.click();
    focusOnArrival.current = false;
    openOnArrival.current = false;
  }, [Preferences, standInPresses]);

  const title = t('table.preferences.title');
  if (!Preferences) {
    return (
      <div
        ref={box}
        onPointerEnter={fetchPreferences}
        onFocus={fetchPreferences}
        onPointerDown={press}
      >
        <Button
          variant="icon"
          iconName="settings"
          ariaLabel={title}
          formAction="none"
          onClick={press}
        />
      </div>
    );
  }
  return (
    <div ref={box}>
      <Preferences
        title={title}
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
    </div>
  );
}
