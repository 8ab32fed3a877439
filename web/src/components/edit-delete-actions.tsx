import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useTranslation } from 'react-i18next';

interface EditDeleteActionsProps {
  /** How the row is named in the menu's label, e.g. a product's name. */
  name: string;
  /** Test hook, e.g. `product-actions-<id>`. */
  testId: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A table row's actions menu: edit or delete the record. */
export function EditDeleteActions({ name, testId, onEdit, onDelete }: EditDeleteActionsProps) {
  const { t } = useTranslation();
  return (
    <ButtonDropdown
      variant="inline-icon"
      expandToViewport
      ariaLabel={t('table.actionsFor', { name })}
      data-testid={testId}
      items={[
        { id: 'edit', text: t('table.edit') },
        { id: 'delete', text: t('table.delete') },
      ]}
      onItemClick={({ detail }) => {
        if (detail.id === 'edit') onEdit();
        if (detail.id === 'delete') onDelete();
      }}
    />
  );
}
