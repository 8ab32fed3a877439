import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';
import type { ShownChange } from '../audit-format';
import '../audit.css';

/** The fields an entry changed, one a line: label, value before → value after. */
export function ChangesList({ changes }: { changes: readonly ShownChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) {
    return (
      <Box color="text-body-secondary" variant="span">
        {t('audit.noChanges')}
      </Box>
    );
  }
  return (
    <dl className="audit-changes">
      {changes.map((change) => (
        <div key={change.field} className="audit-changes__line">
          <dt>{change.label}</dt>
          <dd>
            <Box color="text-body-secondary" variant="span">
              {change.from}
            </Box>{' '}
            <span aria-hidden="true">→</span>
            <span className="audit-hidden-text">{t('audit.changedTo')}</span> {change.to}
          </dd>
        </div>
      ))}
    </dl>
  );
}
