import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useTranslation } from 'react-i18next';

/** An action on the selected rows of a list. */
export interface BulkAction {
  id: string;
  text: string;
  /** Why it cannot run on this selection (e.g. no selected account is disabled). */
  disabledReason?: string;
}

/**
 * The "Selected (3)" menu of a list's header (docs/web-app.md, "Actions on many rows"):
 * the actions on the rows selected in the table, off until a row is selected.
 */
export function BulkActions({
  count,
  actions,
  onAction,
  testId,
}: {
  count: number;
  actions: readonly BulkAction[];
  onAction: (id: string) => void;
  /** Test hook of the menu; each item's is its action id. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ButtonDropdown
      items={actions.map((action) => ({
        id: action.id,
        text: action.text,
        disabled: action.disabledReason !== undefined,
        disabledReason: action.disabledReason,
      }))}
      disabled={count === 0}
      disabledReason={t('bulk.noneSelected')}
      ariaLabel={t('bulk.menuLabel', { count })}
      onItemClick={({ detail }) => onAction(detail.id)}
      data-testid={testId}
    >
      {t('bulk.menu', { count })}
    </ButtonDropdown>
  );
}
