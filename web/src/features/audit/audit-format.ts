import type { TFunction } from 'i18next';
import * as z from 'zod';
import { roles } from '../../../../lambdas/shared/contract/roles';
import type {
  AuditActor,
  AuditEntity,
  AuditEntry,
} from '../../../../lambdas/shared/contract/schemas/audit';
import { fluids } from '../../../../lambdas/shared/contract/schemas/product-record';
import {
  deliveryStatuses,
  reportVerdicts,
  testOutcomes,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import type { Language } from '../../i18n/languages';
import type { TranslationKey } from '../../i18n/types';
import { formatCalendarDate, formatDateTime, formatDecimal } from '../../lib/format';
import {
  planDiff,
  planSummarySchema,
  planTestAspects,
  planTestLimit,
  type PlanSummary,
  type PlanTestAspect,
} from '../../lib/plan-diff';
import type { PlanTest } from '../../../../lambdas/shared/contract/schemas/test-plan';

/**
 * The labels of the fields an entry can name, per kind of record: the app's own field
 * names where it has them (the forms' and the tables'). A field not listed here is shown
 * under its API name.
 */
const fieldLabels = {
  product: {
    name: 'product.fields.name',
    nameZh: 'product.fields.nameZh',
    temperatureMin: 'product.fields.temperatureMin',
    temperatureMax: 'product.fields.temperatureMax',
    fluid: 'product.fields.fluid',
    connection: 'product.fields.connection',
    connectionZh: 'product.fields.connectionZh',
    pressureFC: 'product.fields.pressureFC',
    pressureWCB: 'product.fields.pressureWCB',
    pressureSUS: 'product.fields.pressureSUS',
    application: 'product.fields.application',
    applicationZh: 'product.fields.applicationZh',
    applicationMedium: 'product.fields.applicationMedium',
    applicationMediumZh: 'product.fields.applicationMediumZh',
    gtin: 'product.fields.gtin',
    testPlan: 'audit.fields.testPlan',
  },
  'serial-range': {
    productId: 'serialRange.fields.product',
    startSerial: 'serialRange.fields.startSerial',
    endSerial: 'serialRange.fields.endSerial',
    totalUnits: 'serialRange.fields.totalUnits',
    productionDate: 'serialRange.fields.productionDate',
    bodyMaterial: 'audit.fields.bodyMaterial',
  },
  staff: {
    name: 'staffs.columns.name',
    email: 'staffs.columns.email',
    role: 'staffs.columns.role',
    enabled: 'staffs.columns.status',
    invitation: 'audit.fields.invitation',
    invitedAt: 'audit.fields.invitedAt',
    passwordReset: 'audit.fields.passwordReset',
    mfa: 'audit.fields.mfa',
    mfaEnabledAt: 'audit.fields.mfaEnabledAt',
    sessionsBefore: 'audit.fields.sessionsBefore',
    reason: 'audit.fields.reason',
  },
  machine: {
    name: 'machines.fields.name',
    note: 'machines.fields.note',
    revokedAt: 'audit.fields.revokedAt',
    revokedBy: 'audit.fields.revokedBy',
  },
  'report-request': {
    status: 'searches.columns.status',
    email: 'searches.columns.email',
  },
  'machine-data': {
    part: 'audit.fields.part',
    results: 'audit.fields.results',
    passed: 'audit.fields.passed',
    failed: 'audit.fields.failed',
    serialNumbers: 'audit.fields.serialNumbers',
  },
  unit: {
    result: 'audit.fields.result',
    voidReason: 'audit.fields.voidReason',
  },
  settings: {
    publicVerdicts: 'audit.fields.publicVerdicts',
    selfRegistration: 'siteSettings.signUp.label',
  },
  import: {},
} as const satisfies Record<AuditEntity, Record<string, TranslationKey>>;

/** The result a void entry names: what the page needs of it (older entries may hold more). */
const voidedResultSchema = z.object({
  testName: z.string(),
  testedAt: z.string(),
  machineId: z.string(),
  result: z.string(),
  value: z.number().nullable().optional(),
  unit: z.string().nullable().optional(),
});

/** How many values of a list (a batch's serial numbers) are shown before "and n more". */
export const shownListValues = 5;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/** A field's label in the reader's language, or its API name when the app has none. */
export function auditFieldLabel(entity: AuditEntity, field: string, t: TFunction): string {
  const labels: Readonly<Record<string, TranslationKey>> = fieldLabels[entity];
  // Own keys only: a field named `constructor` is a field like any other.
  return Object.hasOwn(labels, field) ? t(labels[field] as TranslationKey) : field;
}

/**
 * Why an account's sessions were ended (a `revoke` entry's `reason`): the account's own
 * sign-out everywhere or password change, a reset by mailed code, an admin's reset.
 */
const sessionEndReasons: Readonly<Record<string, TranslationKey>> = {
  signOutEverywhere: 'audit.values.reasonSignOutEverywhere',
  passwordChanged: 'audit.values.reasonPasswordChanged',
  passwordReset: 'audit.values.reasonPasswordReset',
  adminReset: 'audit.values.reasonAdminReset',
};

/** The unit a product's number field is measured in. */
const productUnits: Readonly<Record<string, TranslationKey>> = {
  temperatureMin: 'units.celsius',
  temperatureMax: 'units.celsius',
  pressureFC: 'units.bar',
  pressureWCB: 'units.bar',
  pressureSUS: 'units.bar',
};

/**
 * Values that are words of the app (a fluid, a role, a mail status): their translation;
 * a product's temperatures and pressures with their units.
 */
function translatedValue(
  entity: AuditEntity,
  field: string,
  value: unknown,
  t: TFunction,
  language: Language,
): string | undefined {
  if (entity === 'product' && field === 'fluid' && isOneOf(fluids, value)) {
    return t(`product.fluids.${value}`);
  }
  if (entity === 'product' && typeof value === 'number' && Object.hasOwn(productUnits, field)) {
    return `${formatDecimal(value, language)} ${t(productUnits[field] as TranslationKey)}`;
  }
  if (entity === 'staff' && field === 'role' && isOneOf(roles, value)) return t(`roles.${value}`);
  if (entity === 'staff' && field === 'enabled' && typeof value === 'boolean') {
    return t(value ? 'staffs.status.active' : 'staffs.status.disabled');
  }
  if (entity === 'staff' && field === 'invitation' && (value === 'mail' || value === 'typed')) {
    return t(value === 'mail' ? 'audit.values.invitationMail' : 'audit.values.invitationTyped');
  }
  if (
    entity === 'staff' &&
    field === 'reason' &&
    typeof value === 'string' &&
    Object.hasOwn(sessionEndReasons, value)
  ) {
    return t(sessionEndReasons[value] as TranslationKey);
  }
  if (entity === 'report-request' && field === 'status' && isOneOf(deliveryStatuses, value)) {
    return t(`deliveryStatus.${value}`);
  }
  if (entity === 'settings' && field === 'publicVerdicts' && Array.isArray(value)) {
    if (value.length === 0) return t('common.none');
    return value
      .map((verdict) =>
        isOneOf(reportVerdicts, verdict) ? t(`verdict.${verdict}`) : String(verdict),
      )
      .join(t('common.listSeparator'));
  }
  if (entity === 'unit' && field === 'result') return voidedResultText(value, t, language);
  return undefined;
}

/** The result a void names (`changes.result.to`), as one line: test, outcome, value, when, bench. */
function voidedResultText(value: unknown, t: TFunction, language: Language): string | undefined {
  const parsed = voidedResultSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const result = parsed.data;
  return t('audit.values.testResult', {
    test: result.testName,
    outcome: isOneOf(testOutcomes, result.result)
      ? t(`report.outcomes.${result.result}`)
      : result.result,
    value:
      typeof result.value === 'number'
        ? [formatDecimal(result.value, language), result.unit].filter(Boolean).join(' ')
        : t('common.none'),
    date: formatDateTime(result.testedAt, language) ?? result.testedAt,
    bench: result.machineId,
  });
}

/** One plain value: a number, a date, a yes or no, text as it is; nothing as "—". */
function plainValue(value: unknown, t: TFunction, language: Language): string {
  if (value === null || value === undefined || value === '') return t('common.none');
  if (typeof value === 'number') return formatDecimal(value, language);
  if (typeof value === 'boolean') return t(value ? 'audit.values.yes' : 'audit.values.no');
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value, language) ?? value;
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))
      return formatDateTime(value, language) ?? value;
    return value;
  }
  return JSON.stringify(value);
}

/**
 * A value an entry holds, as the reader should see it: the app's word for a known
 * choice, numbers and dates in the reader's style, a list as its first few values and
 * how many more, null (no value: before a create, after a delete) as "—".
 */
export function formatAuditValue(
  entity: AuditEntity,
  field: string,
  value: unknown,
  t: TFunction,
  language: Language,
): string {
  const word = translatedValue(entity, field, value, t, language);
  if (word !== undefined) return word;
  if (Array.isArray(value)) {
    if (value.length === 0) return t('common.none');
    const shown = value
      .slice(0, shownListValues)
      .map((item) => plainValue(item, t, language))
      .join(t('common.listSeparator'));
    const more = value.length - shownListValues;
    return more > 0 ? `${shown} ${t('audit.values.more', { count: more })}` : shown;
  }
  return plainValue(value, t, language);
}

/** A test as a History line shows it: the aspects asked for, e.g. "limit ≥ 37.5 bar; required". */
function planTestText(
  test: PlanTest,
  aspects: readonly PlanTestAspect[],
  t: TFunction,
  language: Language,
): string {
  return aspects
    .map((aspect) => {
      switch (aspect) {
        case 'limit': {
          const limit = planTestLimit(test);
          return limit ? t('audit.values.limit', { limit }) : t('audit.values.noLimit');
        }
        case 'materials':
          return test.materials.length === 0
            ? t('testPlan.history.everyUnit')
            : t('testPlan.history.materials', {
                materials: test.materials.join(t('common.listSeparator')),
              });
        case 'required':
          return t(test.required ? 'audit.values.required' : 'audit.values.optional');
        case 'holdSeconds':
          return test.holdSeconds === null
            ? t('audit.values.noHold')
            : t('audit.values.hold', { seconds: formatDecimal(test.holdSeconds, language) });
        case 'method':
          return t('audit.values.method', { method: test.method });
        case 'nameZh':
          return test.nameZh
            ? t('audit.values.nameZh', { name: test.nameZh })
            : t('audit.values.noNameZh');
        case 'methodZh':
          return test.methodZh
            ? t('audit.values.methodZh', { method: test.methodZh })
            : t('audit.values.noMethodZh');
      }
    })
    .join(t('audit.values.partSeparator'));
}

/**
 * Limit first: what a reader of a plan change looks for; the method, being long, then the
 * Chinese texts last. The materials only when the test names some (every unit is the rule,
 * not news), the Chinese texts only when it has them.
 */
const summaryAspects: readonly PlanTestAspect[] = [
  'limit',
  'materials',
  'required',
  'holdSeconds',
  'method',
  'nameZh',
  'methodZh',
];

/** The aspects a test's summary names: materials and Chinese texts only when it has them. */
const shownAspect = (test: PlanTest, aspect: PlanTestAspect): boolean =>
  aspect === 'materials'
    ? test.materials.length > 0
    : aspect === 'nameZh'
      ? Boolean(test.nameZh)
      : aspect === 'methodZh'
        ? Boolean(test.methodZh)
        : true;

/**
 * A test plan change (`changes.testPlan`, the plan before and after) as History lines:
 * the version, then each test added, removed or changed (only what
 * changed), the new order when the tests moved, and the extra-tests switch. Undefined
 * when the values are not plans (then the change is shown as any other).
 */
export function planChangeLines(
  change: { from: unknown; to: unknown },
  t: TFunction,
  language: Language,
): ShownChange[] | undefined {
  const read = (value: unknown): PlanSummary | null | undefined => {
    if (value === null || value === undefined) return null;
    const parsed = planSummarySchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const before = read(change.from);
  const after = read(change.to);
  if (before === undefined || after === undefined) return undefined;
  const none = t('common.none');
  const version = (plan: PlanSummary | null) =>
    plan ? t('audit.values.planVersion', { version: plan.version }) : none;
  const summary = (test: PlanTest) =>
    planTestText(
      test,
      summaryAspects.filter((aspect) => shownAspect(test, aspect)),
      t,
      language,
    );
  const testLabel = (name: string) => t('audit.fields.planTest', { name });
  const diff = planDiff(before, after);
  const lines: ShownChange[] = [
    {
      field: 'testPlan',
      label: t('audit.fields.testPlan'),
      from: version(before),
      to: version(after),
    },
    ...diff.changed.map((test) => {
      const aspects = planTestAspects.filter((aspect) => test.aspects.includes(aspect));
      return {
        field: `testPlan.test.${test.name}`,
        label: testLabel(test.name),
        from: planTestText(test.before, aspects, t, language),
        to: planTestText(test.after, aspects, t, language),
      };
    }),
    ...diff.added.map((test) => ({
      field: `testPlan.test.${test.name}`,
      label: testLabel(test.name),
      from: none,
      to: summary(test),
    })),
    ...diff.removed.map((test) => ({
      field: `testPlan.test.${test.name}`,
      label: testLabel(test.name),
      from: summary(test),
      to: none,
    })),
  ];
  if (diff.reordered && before && after) {
    const names = (plan: PlanSummary) =>
      plan.tests.map((test) => test.name).join(t('common.listSeparator'));
    lines.push({
      field: 'testPlan.order',
      label: t('audit.fields.planOrder'),
      from: names(before),
      to: names(after),
    });
  }
  if (diff.allowExtraTests) {
    const yesNo = (value: boolean) => t(value ? 'audit.values.yes' : 'audit.values.no');
    lines.push({
      field: 'testPlan.allowExtraTests',
      label: t('audit.fields.allowExtraTests'),
      from: yesNo(diff.allowExtraTests.from),
      to: yesNo(diff.allowExtraTests.to),
    });
  }
  return lines;
}

/**
 * Fields that refer to another record by id, per kind of record, and the kind they refer
 * to: shown by the name the entry keeps beside the id (`fromLabel`, `toLabel`), never by
 * the id.
 */
const referenceFields: Partial<Record<AuditEntity, Readonly<Record<string, AuditEntity>>>> = {
  'serial-range': { productId: 'product' },
};

/** A record that no longer exists, by its kind: "Product (deleted)". */
const goneRecord = (entity: AuditEntity, t: TFunction) =>
  t('audit.subject.deleted', { kind: t(`audit.entities.${entity}`) });

/**
 * A reference's value as its name: the one the entry keeps, else (an id the API could not
 * name: its record is gone) the kind of record it was; none as "—".
 */
function referenceValue(
  referred: AuditEntity,
  value: unknown,
  label: string | undefined,
  t: TFunction,
): string {
  if (label) return label;
  if (value === null || value === undefined || value === '') return t('common.none');
  return goneRecord(referred, t);
}

/** One changed field of an entry, ready to show. */
export interface ShownChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

/**
 * The changed fields of an entry, in the order of the record's form (fields the app has
 * no label for last, as the entry lists them), each with its label and its values before
 * and after. A reference to another record (a range's product) shows that record's name as
 * the entry keeps it, both before and after.
 */
export function auditChanges(
  entry: Pick<AuditEntry, 'entity' | 'changes'>,
  t: TFunction,
  language: Language,
): ShownChange[] {
  const references = referenceFields[entry.entity] ?? {};
  const show = (field: string, value: unknown, label: string | undefined) => {
    const referred = Object.hasOwn(references, field) ? references[field] : undefined;
    return referred
      ? referenceValue(referred, value, label, t)
      : formatAuditValue(entry.entity, field, value, t, language);
  };
  const order = Object.keys(fieldLabels[entry.entity]);
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  // A stable sort: fields of the same rank keep the entry's order.
  const fields = Object.entries(entry.changes).sort(([a], [b]) => rank(a) - rank(b));
  return fields.flatMap(([field, change]) => {
    const plan =
      entry.entity === 'product' && field === 'testPlan'
        ? planChangeLines(change, t, language)
        : undefined;
    return (
      plan ?? [
        {
          field,
          label: auditFieldLabel(entry.entity, field, t),
          from: show(field, change.from, change.fromLabel),
          to: show(field, change.to, change.toLabel),
        },
      ]
    );
  });
}

/** Who made a change, as a list shows them: a name, and what tells them apart beside it. */
export interface ShownActor {
  name: string;
  /** A person's email, when the entry names them by name. */
  detail?: string;
}

/**
 * Who made a change: a person by their name as it was then (their email beside it), or by
 * their email in entries written before names were kept; a machine by its name. Never by
 * an id: an entry with neither says "Someone".
 */
export function auditActor(actor: AuditActor, t: TFunction): ShownActor {
  if (actor.machine) return { name: t('audit.machineActor', { name: actor.machine }) };
  if (actor.name) {
    return actor.email && actor.email !== actor.name
      ? { name: actor.name, detail: actor.email }
      : { name: actor.name };
  }
  if (actor.email) return { name: actor.email };
  return { name: t('audit.someone') };
}

/** Who made a change in one line (an accessible name, a list's option): "Ana Wu (ana@…)". */
export function actorName(actor: AuditActor, t: TFunction): string {
  const shown = auditActor(actor, t);
  return shown.detail
    ? t('audit.nameAndDetail', { name: shown.name, detail: shown.detail })
    : shown.name;
}

/** The record an entry is about, as people read it. */
export interface ShownSubject {
  /** The kind of record: "Product", "Serial number range". */
  kind: string;
  /** Its name when the entry was written: a product's name, a range's serials. */
  label: string;
  /** What tells it apart: a range's product, an account's email. */
  detail?: string;
  /** False when the record is named by its kind only (it no longer exists). */
  named: boolean;
}

/**
 * The record an entry is about: by the name the entry keeps (or the API found, for older
 * entries), a unit by its serial, the site settings by their kind, a batch of results by
 * how many it held and their serials; a record the API could not name is gone:
 * "Product (deleted)". Never by an id.
 */
export function auditSubject(
  entry: Pick<
    AuditEntry,
    'entity' | 'entityId' | 'subjectLabel' | 'subjectDetail' | 'changes' | 'batch'
  >,
  t: TFunction,
  language: Language,
): ShownSubject {
  const kind = t(`audit.entities.${entry.entity}`);
  if (entry.subjectLabel) {
    return {
      kind,
      label: entry.subjectLabel,
      ...(entry.subjectDetail ? { detail: entry.subjectDetail } : {}),
      named: true,
    };
  }
  switch (entry.entity) {
    case 'unit':
      return { kind, label: entry.entityId, named: true };
    case 'settings':
      return { kind, label: kind, named: true };
    case 'import':
      // A file import by its file's name (an import has no record of its own to open).
      return { kind, label: entry.batch?.fileName ?? kind, named: true };
    case 'machine-data': {
      const results = Object.hasOwn(entry.changes, 'results')
        ? entry.changes.results?.to
        : undefined;
      const serials = Object.hasOwn(entry.changes, 'serialNumbers')
        ? entry.changes.serialNumbers?.to
        : undefined;
      return {
        kind,
        label: typeof results === 'number' ? t('audit.subject.batch', { count: results }) : kind,
        ...(Array.isArray(serials) && serials.length > 0
          ? { detail: formatAuditValue('machine-data', 'serialNumbers', serials, t, language) }
          : {}),
        named: true,
      };
    }
    default:
      return { kind, label: goneRecord(entry.entity, t), named: false };
  }
}

/** The record of an entry in one line, for an accessible name: "Product Ball valve DN50". */
export function subjectName(subject: ShownSubject, t: TFunction): string {
  if (!subject.named || subject.label === subject.kind) return subject.label;
  return t('audit.kindAndName', { kind: subject.kind, name: subject.label });
}
