import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import {
  valveTestFactors,
  type SavePlanInput,
  type TestPlan,
} from '../../../../../lambdas/shared/contract/schemas/test-plan';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useStaleEdit } from '../../../components/stale-edit';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import { planDiff, samePlan } from '../../../lib/plan-diff';
import { useRecordFormSubmit } from '../../../lib/use-record-form-submit';
import { getTestPlan } from '../api';
import { saveTestPlan } from '../write-api';
import {
  maxPlanTests,
  offeredRatings,
  planBase,
  planFormFields,
  planFormValues,
  templateRows,
  type PlanBase,
} from '../test-plan-form';
import { useTestPlanForm } from '../use-test-plan-form';
import { PlanTestFields } from './plan-test-fields';
import '../test-plan.css';

interface TestPlanEditorProps {
  product: Product;
  /** The version in force; null when the product has none yet. */
  plan: TestPlan | null;
  /** The saved version: the page shows it (and its History the change). */
  onSaved: (plan: TestPlan) => void;
}

/** The names of the tests two plans differ in, for the "someone else saved" notice. */
function changedTestLabels(before: PlanBase, after: PlanBase, extraLabel: string): string[] {
  const diff = planDiff(before, after);
  const names = [
    ...diff.added.map((test) => test.name),
    ...diff.removed.map((test) => test.name),
    ...diff.changed.map((test) => test.name),
  ];
  return diff.allowExtraTests ? [...names, extraLabel] : names;
}

/**
 * A product's test plan, edited as a whole and saved as its next version: the ordered
 * tests (added, removed, moved), each checked with the shared `savePlanSchema`; "Fill
 * from valve template" puts the template of the product's saved pressure ratings in the
 * editor for review (nothing is saved before "Save test plan"). Shows the version in
 * force and who approved it. A save based on an older version is refused by the API and
 * offered a reload that keeps what was typed.
 */
export function TestPlanEditor({ product, plan, onSaved }: TestPlanEditorProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  // The plan the next save is based on: the one loaded, or the newer one a reload found.
  const latest = useRef(planBase(plan));
  const stale = useStaleEdit<PlanBase>({
    record: planBase(plan),
    load: async () => {
      latest.current = planBase(await getTestPlan(product.id));
      return latest.current;
    },
    changedLabels: (before, after) =>
      changedTestLabels(before, after, t('testPlan.allowExtraTests')),
    testId: 'test-plan',
  });
  const form = useTestPlanForm(planFormValues(planBase(plan)), stale.version);
  const [confirmTemplate, setConfirmTemplate] = useState(false);
  const [templateUsed, setTemplateUsed] = useState(false);
  const { focus } = form;
  const formFields = planFormFields(form.values);

  const { submitting, formError, handleSubmit } = useRecordFormSubmit<SavePlanInput, string>({
    form,
    formFields,
    conflictField: 'tests',
    focus,
    onStale: stale.markStale,
    onSave: async (input) => {
      stale.clear();
      // Saving the same plan again would only make a new version that says nothing new.
      if (stale.version > 0 && samePlan(input, latest.current)) {
        throw new ApiError('invalid-argument', t('validation.emptyUpdate'), 0);
      }
      onSaved(await saveTestPlan(product.id, input));
    },
  });

  const fillFromTemplate = () => {
    form.replaceRows(templateRows(product));
    setTemplateUsed(true);
    setConfirmTemplate(false);
  };

  const ratings = offeredRatings(product);
  const { shell, highPressureSeat, lowPressureSeat, holdSeconds } = valveTestFactors;
  const number = (value: number) => formatDecimal(value, language);
  const full = form.rows.length >= maxPlanTests;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="test-plan-form">
      <Container
        data-testid="test-plan"
        header={
          <Header
            variant="h2"
            description={t('testPlan.description')}
            actions={
              <Button
                formAction="none"
                iconName="insert-row"
                onClick={() =>
                  form.rows.length > 0 ? setConfirmTemplate(true) : fillFromTemplate()
                }
                data-testid="test-plan-template"
              >
                {t('testPlan.template')}
              </Button>
            }
          >
            {t('testPlan.title')}
          </Header>
        }
      >
        <Form
          variant="embedded"
          errorText={formError}
          actions={
            <Button
              variant="primary"
              formAction="submit"
              loading={submitting}
              data-testid="test-plan-save"
            >
              {t('testPlan.save')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            {stale.notice}
            {plan ? (
              <KeyValuePairs
                columns={3}
                data-testid="test-plan-version"
                items={[
                  {
                    label: t('testPlan.version'),
                    value: t('testPlan.versionValue', { version: plan.version }),
                  },
                  {
                    label: t('testPlan.approvedBy'),
                    value: t('testPlan.approver', {
                      name: plan.approvedBy.name,
                      role: t(`roles.${plan.approvedBy.role}`),
                    }),
                  },
                  {
                    label: t('testPlan.approvedAt'),
                    value: formatDateTime(plan.approvedAt, language) ?? plan.approvedAt,
                  },
                ]}
              />
            ) : (
              <Box color="text-body-secondary" data-testid="test-plan-none">
                {t('testPlan.none')}
              </Box>
            )}
            {templateUsed && (
              <Alert
                type="info"
                dismissible
                onDismiss={() => setTemplateUsed(false)}
                header={t('testPlan.templateFilled')}
                data-testid="test-plan-template-notice"
              >
                <SpaceBetween size="xs">
                  <span>
                    {ratings.length > 0
                      ? t('testPlan.templateRatings', {
                          ratings: ratings
                            .map(({ material, rating }) =>
                              t('testPlan.rating', { material, rating: number(rating) }),
                            )
                            .join(t('common.listSeparator')),
                        })
                      : t('testPlan.templateNoRatings')}
                  </span>
                  <span>
                    {t('testPlan.templateSources', {
                      shell: number(shell),
                      seat: number(highPressureSeat),
                      low: `${number(lowPressureSeat.lower)}–${number(lowPressureSeat.upper)}`,
                      hold: number(holdSeconds),
                    })}
                  </span>
                  {ratings.length > 1 && <span>{t('testPlan.templateOneMaterial')}</span>}
                </SpaceBetween>
              </Alert>
            )}
            {form.rows.length === 0 ? (
              <Box textAlign="center" color="text-body-secondary" data-testid="test-plan-empty">
                <Box variant="strong" color="inherit">
                  {t('testPlan.noTests')}
                </Box>
                <Box variant="p" color="inherit">
                  {t('testPlan.noTestsHint')}
                </Box>
              </Box>
            ) : (
              <ol className="test-plan__tests" data-testid="test-plan-tests">
                {form.rows.map((row, index) => (
                  <li key={row.key} className="test-plan__test" data-testid="test-plan-test">
                    <PlanTestFields row={row} index={index} count={form.rows.length} form={form} />
                  </li>
                ))}
              </ol>
            )}
            {form.planErrors.length > 0 && (
              <Alert type="error" data-testid="test-plan-errors">
                {form.planErrors.join(' ')}
              </Alert>
            )}
            <SpaceBetween size="xs" direction="horizontal" alignItems="center">
              <Button
                formAction="none"
                iconName="add-plus"
                disabled={full}
                disabledReason={t('testPlan.maxTests', { max: maxPlanTests })}
                onClick={form.addRow}
                data-testid="test-plan-add"
              >
                {t('testPlan.add')}
              </Button>
            </SpaceBetween>
            <Checkbox
              checked={form.values.allowExtraTests}
              onChange={({ detail }) => form.setAllowExtraTests(detail.checked)}
              description={t('testPlan.allowExtraTestsDescription')}
              data-testid="test-plan-allow-extra"
            >
              {t('testPlan.allowExtraTests')}
            </Checkbox>
          </SpaceBetween>
        </Form>
      </Container>
      {confirmTemplate && (
        <ConfirmModal
          title={t('testPlan.templateConfirmTitle')}
          confirmLabel={t('testPlan.templateConfirm')}
          onConfirm={async () => fillFromTemplate()}
          onClose={() => setConfirmTemplate(false)}
          testId="test-plan-template-modal"
        >
          {t('testPlan.templateConfirmBody', { count: form.rows.length })}
        </ConfirmModal>
      )}
    </form>
  );
}
