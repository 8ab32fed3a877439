import Select from '@cloudscape-design/components/select';
import { useTranslation } from 'react-i18next';
import { isRole, roles, type Role } from '../../../../../lambdas/shared/contract/roles';

interface RoleSelectProps {
  value: Role;
  onChange: (role: Role) => void;
  invalid?: boolean;
  ariaLabel?: string;
  'data-testid'?: string;
}

/** Staff / Administrator. Options carry their role as `data-value` for tests. */
export function RoleSelect({ value, onChange, invalid, ariaLabel, ...rest }: RoleSelectProps) {
  const { t } = useTranslation();
  const options = roles.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  return (
    <Select
      {...rest}
      selectedOption={options.find((option) => option.value === value) ?? null}
      options={options}
      invalid={invalid}
      ariaLabel={ariaLabel}
      onChange={({ detail }) => {
        if (isRole(detail.selectedOption.value)) onChange(detail.selectedOption.value);
      }}
    />
  );
}
