import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingProgress } from '../../lib/loading-progress';
import './shell.css';

const subscribe = (onChange: () => void) => loadingProgress.subscribe(onChange);
const snapshot = () => loadingProgress.current;

/** The thin bar at the top of the window while a page or an API call loads. */
export function LoadingBar() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (state.phase === 'idle') return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label={t('shell.loadingBar')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.percent)}
      data-testid="loading-bar"
    >
      <div className="loading-bar__fill" style={{ width: `${state.percent}%` }} />
    </div>
  );
}
