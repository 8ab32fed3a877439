import Input from '@cloudscape-design/components/input';

/**
 * The field of an authenticator app's 6-digit code (the sign-in page's code step, the
 * app's set-up and turning it off): numeric keyboard, the phone's one-time-code
 * suggestion, no spelling. It takes the focus unless another field comes first.
 */
export function TotpCodeInput({
  testId,
  value,
  invalid,
  onChange,
  autoFocus = true,
}: {
  testId: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Input
      data-testid={testId}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellcheck={false}
      autoFocus={autoFocus}
      value={value}
      invalid={invalid}
      onChange={({ detail }) => onChange(detail.value)}
    />
  );
}
