import Flashbar from '@cloudscape-design/components/flashbar';
import { useEffect, useRef, useState } from 'react';
import type { ReportRequestCreated } from '../../../../../lambdas/shared/contract/schemas/report-request';
import { PausableTimer } from '../../../lib/pausable-timer';
import { useText } from '../i18n';
import { ReportPreview } from './report-preview';

/** As long as the back office's toasts stay (components/toast/toast-provider.tsx). */
const toastDurationMs = 3000;

/**
 * "Search successfully" at the top right, like the back office's toasts: it closes
 * itself after 3 s (the time stands still while the pointer is over it), or on a click.
 */
function SuccessToast({ reportId }: { reportId: string }) {
  const { t } = useText();
  // Each report shows its toast until it is closed (by time or by the visitor).
  const [closedFor, setClosedFor] = useState<string>();
  const timer = useRef<PausableTimer>(undefined);

  useEffect(() => {
    timer.current = new PausableTimer(() => setClosedFor(reportId), toastDurationMs);
    return () => timer.current?.clear();
  }, [reportId]);

  const close = () => {
    timer.current?.clear();
    setClosedFor(reportId);
  };
  return (
    <div
      className="report-toast"
      data-testid="toasts"
      onMouseEnter={() => timer.current?.pause()}
      onMouseLeave={() => timer.current?.resume()}
    >
      <Flashbar
        items={
          closedFor !== reportId
            ? [
                {
                  id: reportId,
                  type: 'success',
                  content: (
                    <div className="report-toast__message" onClick={close}>
                      {t('reportCenter.success')}
                    </div>
                  ),
                  dismissible: true,
                  dismissLabel: t('toast.dismiss'),
                  statusIconAriaLabel: t('toast.success'),
                  ariaRole: 'status',
                  onDismiss: close,
                },
              ]
            : []
        }
      />
    </div>
  );
}

/**
 * What a successful search shows: the toast and the report's preview. Its own chunk,
 * fetched while the request runs, so the page's first load carries only the form.
 */
export default function ReportResult({ report }: { report: ReportRequestCreated }) {
  return (
    <>
      <SuccessToast reportId={report.id} />
      <ReportPreview report={report} />
    </>
  );
}
