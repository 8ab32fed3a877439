import Select from '@cloudscape-design/components/select';

interface ChoiceFilterProps<V extends string> {
  /** The values to choose from, with their labels, in the order shown. */
  choices: readonly { value: V; label: string }[];
  /** The first option, which filters nothing (e.g. "All statuses"). */
  allLabel: string;
  /** The chosen value; empty for all. */
  value: V | '';
  onChange: (value: V | '') => void;
  'data-testid'?: string;
}

/**
 * A list filter that takes one value of a fixed set (a status, a result, an action), or
 * all of them. Put it in a FormField that names it.
 */
export function ChoiceFilter<V extends string>({
  choices,
  allLabel,
  value,
  onChange,
  'data-testid': testId,
}: ChoiceFilterProps<V>) {
  const options = [{ value: '', label: allLabel }, ...choices];
  return (
    <Select
      data-testid={testId}
      selectedOption={options.find((option) => option.value === value) ?? null}
      options={options}
      onChange={({ detail }) =>
        onChange(
          choices.find((choice) => choice.value === detail.selectedOption.value)?.value ?? '',
        )
      }
    />
  );
}
