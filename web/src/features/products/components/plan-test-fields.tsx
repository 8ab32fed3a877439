import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { bodyMaterials } from '../../../../../lambdas/shared/contract/materials';
import { formatLimit } from '../../../../../lambdas/shared/contract/schemas/test-plan';
import { parseNumberInput } from '../../../lib/number-input';
import type { PlanTestRow, PlanTestTextField } from '../test-plan-form';
import type { useTestPlanForm } from '../use-test-plan-form';

interface PlanTestFieldsProps {
  row: PlanTestRow;
  /** Its place in the plan (0-based) and how many tests the plan has. */
  index: number;
  count: number;
  form: ReturnType<typeof useTestPlanForm>;
}

const numberFields = new Set<PlanTestTextField>(['lower', 'upper', 'holdSeconds']);

/**
 * The limit the typed numbers make (`≥ 37.5 bar`); undefined while they are not numbers or
 * not in order (the field's message says why).
 */
function typedLimit(row: PlanTestRow): string | undefined {
  const lower = parseNumberInput(row.lower) ?? null;
  const upper = parseNumberInput(row.upper) ?? null;
  if (Number.isNaN(lower) || Number.isNaN(upper)) return undefined;
  if (lower !== null && upper !== null && lower > upper) return undefined;
  return formatLimit({ lower, upper, unit: row.unit.trim() || null });
}

/** One test of the plan: its fields, and the buttons that move or remove it. */
export function PlanTestFields({ row, index, count, form }: PlanTestFieldsProps) {
  const { t } = useTranslation();
  const headingId = `plan-test-${row.key}`;
  // The buttons name the test they act on; a test without a name yet by its number.
  const name = row.name.trim() || t('testPlan.unnamed', { number: index + 1 });

  const field = (
    key: PlanTestTextField,
    options: { hint?: string; placeholder?: string; optional?: boolean } = {},
  ) => {
    const errorText = form.errorText(row, key);
    const number = numberFields.has(key);
    return (
      <FormField
        label={
          options.optional ? (
            <>
              {t(`testPlan.fields.${key}`)} <i>{t('productForm.optional')}</i>
            </>
          ) : (
            t(`testPlan.fields.${key}`)
          )
        }
        constraintText={options.hint}
        errorText={errorText}
        stretch
        data-testid={`plan-test-${key}-field`}
      >
        <Input
          ref={form.fieldRef(row.key, key)}
          data-testid={`plan-test-${key}`}
          autoComplete="off"
          type={number ? 'number' : 'text'}
          inputMode={number ? 'decimal' : undefined}
          step={number ? 'any' : undefined}
          placeholder={options.placeholder}
          value={row[key]}
          invalid={Boolean(errorText)}
          onChange={({ detail }) => form.setField(row.key, key, detail.value)}
        />
      </FormField>
    );
  };

  const limit = typedLimit(row);
  const materialOption = (material: (typeof bodyMaterials)[number]) => ({
    value: material,
    label: t(`report.materials.${material}`),
  });
  const chosenMaterials = row.materials.map(materialOption);
  // The field's label names the multiselect, followed by this text: the test it belongs to,
  // and the materials chosen. The trigger shows those as tokens, which its name leaves out:
  // what is seen must be part of what is announced (WCAG 2.5.3, Label in Name).
  const materialsName = [
    name,
    ...(chosenMaterials.length > 0
      ? [chosenMaterials.map((option) => option.label).join(t('common.listSeparator'))]
      : []),
  ].join(': ');

  return (
    <div role="group" aria-labelledby={headingId}>
      <SpaceBetween size="s">
        <div className="test-plan__test-header">
          <div id={headingId}>
            <Box variant="h3" padding="n">
              {t('testPlan.testHeading', { number: index + 1 })}
            </Box>
          </div>
          <SpaceBetween size="xxs" direction="horizontal">
            <Button
              formAction="none"
              variant="icon"
              iconName="arrow-up"
              ariaLabel={t('testPlan.moveUpLabel', { name })}
              disabled={index === 0}
              onClick={() => form.move(row.key, -1)}
              data-testid="plan-test-up"
            />
            <Button
              formAction="none"
              variant="icon"
              iconName="arrow-down"
              ariaLabel={t('testPlan.moveDownLabel', { name })}
              disabled={index === count - 1}
              onClick={() => form.move(row.key, 1)}
              data-testid="plan-test-down"
            />
            <Button
              formAction="none"
              iconName="remove"
              ariaLabel={t('testPlan.removeLabel', { name })}
              onClick={() => form.removeRow(row.key)}
              data-testid="plan-test-remove"
            >
              {t('testPlan.remove')}
            </Button>
          </SpaceBetween>
        </div>
        {/* Breakpoints of the grid's own width: name and method side by side from 688 px
            (xs), the materials beside them and the numbers in one line from 912 px (s); the
            Chinese name and method under the English ones. */}
        <Grid
          gridDefinition={[
            { colspan: { default: 12, xs: 4, s: 3 } },
            { colspan: { default: 12, xs: 8, s: 6 } },
            { colspan: { default: 12, s: 3 } },
            { colspan: { default: 12, xs: 4, s: 3 } },
            { colspan: { default: 12, xs: 8, s: 6 } },
          ]}
        >
          {field('name', { hint: t('testPlan.fields.nameHint') })}
          {field('method', { placeholder: t('testPlan.fields.methodPlaceholder') })}
          <FormField
            label={t('testPlan.fields.materials')}
            constraintText={t('testPlan.fields.materialsHint')}
            stretch
            data-testid="plan-test-materials-field"
          >
            <Multiselect
              data-testid="plan-test-materials"
              inlineTokens
              selectedOptions={chosenMaterials}
              options={bodyMaterials.map(materialOption)}
              placeholder={t('testPlan.fields.materialsPlaceholder')}
              ariaLabel={materialsName}
              onChange={({ detail }) => {
                const chosen = detail.selectedOptions.map((option) => option.value);
                // In the catalogue's order, as the API stores them.
                form.setMaterials(
                  row.key,
                  bodyMaterials.filter((material) => chosen.includes(material)),
                );
              }}
            />
          </FormField>
          {/* The Chinese texts under the English ones (the name stays the benches' key). */}
          {field('nameZh', { hint: t('testPlan.fields.nameZhHint'), optional: true })}
          {field('methodZh', { hint: t('testPlan.fields.methodZhHint'), optional: true })}
        </Grid>
        <Grid
          gridDefinition={[
            { colspan: { default: 6, xs: 3, s: 2 } },
            { colspan: { default: 6, xs: 3, s: 2 } },
            { colspan: { default: 6, xs: 3, s: 2 } },
            { colspan: { default: 6, xs: 3, s: 3 } },
            { colspan: { default: 12, s: 3 } },
          ]}
        >
          {field('unit', {
            placeholder: t('testPlan.fields.unitPlaceholder'),
            hint: t('testPlan.fields.unitHint'),
            optional: true,
          })}
          {field('lower', { hint: t('testPlan.fields.limitHint'), optional: true })}
          {field('upper', { hint: t('testPlan.fields.limitHint'), optional: true })}
          {field('holdSeconds', { hint: t('testPlan.fields.holdHint'), optional: true })}
          <FormField label={t('testPlan.fields.required')}>
            <Checkbox
              checked={row.required}
              onChange={({ detail }) => form.setRequired(row.key, detail.checked)}
              ariaLabel={`${t('testPlan.fields.required')}: ${name}`}
              data-testid="plan-test-required"
            >
              {t('testPlan.fields.requiredDescription')}
            </Checkbox>
          </FormField>
        </Grid>
        <Box variant="small" color="text-body-secondary" data-testid="plan-test-limit">
          {limit === undefined
            ? null
            : limit
              ? t('testPlan.limit', { limit })
              : t('testPlan.noLimit')}
        </Box>
      </SpaceBetween>
    </div>
  );
}
