import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../../lambdas/shared/contract/schemas/audit';
import {
  findRecords,
  isSearched,
  listActors,
  type Choice,
  type PickableEntity,
} from '../activity-choices';
import { actorName } from '../audit-format';

/** The people and machines of the list, loaded once with the page (admins only). */
export function useActors() {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{
    attempt: number;
    choices?: Choice[];
    failed?: boolean;
  }>();
  useEffect(() => {
    const controller = new AbortController();
    void listActors(controller.signal).then(
      (choices) => !controller.signal.aborted && setLoaded({ attempt, choices }),
      () => !controller.signal.aborted && setLoaded({ attempt, failed: true }),
    );
    return () => controller.abort();
  }, [attempt]);
  const current = loaded?.attempt === attempt ? loaded : undefined;
  const status: SelectProps['statusType'] = !current
    ? 'loading'
    : current.failed
      ? 'error'
      : 'finished';
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { choices: current?.choices ?? [], status, retry };
}
export type Actors = ReturnType<typeof useActors>;

/**
 * The person or machine chosen by id alone (`?actor=` in the address) named as their own
 * entries name them: someone the list may not hold (an account deleted since), or not yet
 * (the list still loading). Unchanged when it has a name or no entry of theirs is shown.
 */
export function namedByEntries(
  choice: Choice | null,
  entries: readonly Pick<AuditEntry, 'actor'>[],
  t: TFunction,
): Choice | null {
  if (!choice || choice.label) return choice;
  const theirs = entries.find((entry) => entry.actor.id === choice.value);
  return theirs ? { ...choice, label: actorName(theirs.actor, t) } : choice;
}

/** A choice as a Select option: the email or "Machine" beside the name, found by either. */
function toOption(choice: Choice, machineTag: string): SelectProps.Option {
  return {
    value: choice.value,
    label: choice.label,
    ...(choice.description
      ? { description: choice.description, filteringTags: [choice.description] }
      : {}),
    ...(choice.machine ? { tags: [machineTag] } : {}),
  };
}

interface ChoiceFilterProps {
  /** The chosen person, machine or record; null for all. */
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  'data-testid'?: string;
}

/**
 * Who: a staff account (by name, its email beside it) or a machine (by name), found by
 * typing either; "Anyone" first. A choice the list does not hold (an account since removed,
 * taken from an entry) keeps the name it came with.
 */
export function ActorFilter({
  value,
  onChange,
  actors,
  'data-testid': testId,
}: ChoiceFilterProps & { actors: Actors }) {
  const { t } = useTranslation();
  const machineTag = t('audit.activity.filters.machine');
  const anyone = { value: '', label: t('audit.activity.filters.anyone') };
  const options = [anyone, ...actors.choices.map((choice) => toOption(choice, machineTag))];
  const listed = value && options.find((option) => option.value === value.value);
  const selected: SelectProps.Option = !value
    ? anyone
    : (listed ??
      toOption(
        {
          ...value,
          label:
            value.label ||
            t(
              actors.status === 'loading'
                ? 'audit.activity.filters.listLoading'
                : 'audit.activity.filters.unlisted',
            ),
        },
        machineTag,
      ));
  return (
    <Select
      data-testid={testId}
      selectedOption={selected}
      options={options}
      filteringType="auto"
      filteringPlaceholder={t('audit.activity.filters.findPerson')}
      filteringAriaLabel={t('audit.activity.filters.findPerson')}
      empty={t('audit.activity.filters.noMatch')}
      statusType={actors.status}
      loadingText={t('audit.activity.filters.listLoading')}
      errorText={t('audit.activity.filters.listError')}
      recoveryText={t('common.retry')}
      onLoadItems={({ detail }) => {
        if (detail.firstPage && actors.status === 'error') actors.retry();
      }}
      onChange={({ detail }) => {
        const chosen = detail.selectedOption;
        onChange(
          chosen.value
            ? {
                value: chosen.value,
                label: chosen.label ?? '',
                ...(chosen.description ? { description: chosen.description } : {}),
              }
            : null,
        );
      }}
    />
  );
}

/** A search as typed, and what it found (records matching, or a failure). */
interface Search {
  text: string;
  status: NonNullable<SelectProps['statusType']>;
  found: Choice[];
}

/**
 * Which record of the chosen kind: products by name and ranges by their first serial,
 * searched as typed (the first matches); staff accounts and machines from the list of
 * people. "Any record" first. Without a kind that has records to pick, it is disabled.
 */
export function RecordFilter({
  entity,
  value,
  onChange,
  actors,
  'data-testid': testId,
}: ChoiceFilterProps & { entity: PickableEntity | undefined; actors: Actors }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState<Search>({ text: '', status: 'pending', found: [] });
  const request = useRef<AbortController>(undefined);
  useEffect(() => () => request.current?.abort(), []);

  const searched = entity && isSearched(entity) ? entity : undefined;
  const load = (text: string) => {
    if (!searched) return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setSearch((now) => ({ ...now, text, status: 'loading' }));
    void findRecords(searched, text, controller.signal).then(
      (found) => !controller.signal.aborted && setSearch({ text, status: 'finished', found }),
      () => !controller.signal.aborted && setSearch({ text, status: 'error', found: [] }),
    );
  };

  const machineTag = t('audit.activity.filters.machine');
  const anyRecord = { value: '', label: t('audit.activity.filters.anyRecord') };
  const choices = searched
    ? search.found
    : actors.choices.filter((choice) => Boolean(choice.machine) === (entity === 'machine'));
  const options = [anyRecord, ...choices.map((choice) => toOption(choice, machineTag))];
  const selected: SelectProps.Option = value ? toOption(value, machineTag) : anyRecord;
  const placeholder =
    entity === 'serial-range'
      ? t('audit.activity.filters.findRange')
      : entity === 'product' || entity === 'machine'
        ? t('audit.activity.filters.findRecord')
        : t('audit.activity.filters.findPerson');

  return (
    <Select
      data-testid={testId}
      disabled={!entity}
      selectedOption={entity ? selected : null}
      placeholder={t('audit.activity.filters.recordHint')}
      options={entity ? options : []}
      filteringType={searched ? 'manual' : 'auto'}
      filteringPlaceholder={placeholder}
      filteringAriaLabel={placeholder}
      empty={t('audit.activity.filters.noMatch')}
      statusType={searched ? search.status : actors.status}
      loadingText={t('audit.activity.filters.listLoading')}
      errorText={t('audit.activity.filters.listError')}
      recoveryText={t('common.retry')}
      onLoadItems={({ detail }) => {
        if (searched) {
          if (detail.firstPage) load(detail.filteringText);
        } else if (detail.firstPage && actors.status === 'error') {
          actors.retry();
        }
      }}
      onChange={({ detail }) => {
        const chosen = detail.selectedOption;
        onChange(chosen.value ? { value: chosen.value, label: chosen.label ?? '' } : null);
      }}
    />
  );
}
