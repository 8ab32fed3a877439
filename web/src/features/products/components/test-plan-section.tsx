import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import type { TestPlan } from '../../../../../lambdas/shared/contract/schemas/test-plan';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError } from '../../../lib/api-client';
import { getTestPlan } from '../api';
import { TestPlanEditor } from './test-plan-editor';

type PlanState =
  | { status: 'loading' }
  | { status: 'loaded'; plan: TestPlan | null }
  | { status: 'failed'; message: string };

/**
 * The product's test plan on its edit page: read when the page opens, then the editor;
 * a saved version replaces the one shown (the editor starts again from it) and is
 * announced to the page (`onSaved`), whose History then shows the change.
 */
export function TestPlanSection({
  product,
  onSaved,
}: {
  product: Product;
  onSaved: (plan: TestPlan) => void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlanState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getTestPlan(product.id, controller.signal).then(
      (plan) => setState({ status: 'loaded', plan }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failed',
          message: error instanceof ApiError ? error.message : t('errors.internal'),
        });
      },
    );
    return () => controller.abort();
  }, [product.id, attempt, t]);

  if (state.status === 'loaded') {
    return (
      <TestPlanEditor
        // A saved version is a new start: its values, its version, no notices.
        key={state.plan?.version ?? 0}
        product={product}
        plan={state.plan}
        onSaved={(plan) => {
          setState({ status: 'loaded', plan });
          showToast({ type: 'success', content: t('testPlan.saved', { version: plan.version }) });
          onSaved(plan);
        }}
      />
    );
  }
  return (
    <Container
      data-testid="test-plan"
      header={
        <Header variant="h2" description={t('testPlan.description')}>
          {t('testPlan.title')}
        </Header>
      }
    >
      {state.status === 'loading' ? (
        <StatusIndicator type="loading">{t('testPlan.loading')}</StatusIndicator>
      ) : (
        <Alert
          type="error"
          data-testid="test-plan-load-error"
          action={
            <Button
              onClick={() => {
                setState({ status: 'loading' });
                setAttempt((count) => count + 1);
              }}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {state.message}
        </Alert>
      )}
    </Container>
  );
}
