import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ReportRequestCreated } from '../../../../../lambdas/shared/contract/schemas/report-request';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { createReportRequest, ReportCenterError } from '../api';
import { RichText, useText, type TextRef } from '../i18n';
import type { ReportRequestCheck } from '../validation';

type Field = 'serialNumber' | 'email';
const fieldOrder: readonly Field[] = ['serialNumber', 'email'];
const isField = (name: string): name is Field => (fieldOrder as readonly string[]).includes(name);

type FieldMessage = TextRef | { text: string };

let loadingCheck: Promise<ReportRequestCheck> | undefined;
/** The schema check, loaded once (its own chunk, with zod). */
function loadCheck(): Promise<ReportRequestCheck> {
  loadingCheck ??= import('../validation').then((module) => module.checkReportRequest);
  return loadingCheck;
}

/** The preview's code, fetched while the request is under way. */
export const loadReportResult = () => import('./report-result');

export interface ReportRequestFormProps {
  /** Pre-filled serial number (from `?serial=`). */
  initialSerial: string;
  providerName: string;
  privacyPolicyUrl: string;
  onCreated: (report: ReportRequestCreated) => void;
}

/**
 * Serial number, email and consent; checked with the shared schema (the server's own
 * messages: shown after the first submit, then live), sent in the page's current
 * language. What was typed stays after a failure.
 */
export function ReportRequestForm({
  initialSerial,
  providerName,
  privacyPolicyUrl,
  onCreated,
}: ReportRequestFormProps) {
  const { t, language } = useText();
  const [values, setValues] = useState<Record<Field, string>>({
    serialNumber: initialSerial,
    email: '',
  });
  const [consent, setConsent] = useState(false);
  const [check, setCheck] = useState<ReportRequestCheck>();
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, FieldMessage>>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<TextRef>();
  const { field, focus } = useFieldFocus<Field>();
  const inFlight = useRef<AbortController>(undefined);
  useEffect(() => () => inFlight.current?.abort(), []);

  const prepare = () => {
    if (!check) void loadCheck().then((loaded) => setCheck(() => loaded));
  };
  const input = () => ({ ...values, consent, language });
  const clientErrors = submitted && check ? check(input()) : undefined;

  const errorText = (name: Field): string | undefined => {
    const message =
      (clientErrors && !clientErrors.success && clientErrors.fields[name]) || serverErrors[name];
    if (!message) return undefined;
    return 'key' in message ? t(message.key, message.params ?? {}) : message.text;
  };

  const setValue = (name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [name]: _edited, ...rest }) => rest);
  };

  const showFailure = (error: unknown) => {
    if (!(error instanceof ReportCenterError)) {
      setFailure({ key: 'errors.internal' });
      return;
    }
    const fieldErrors = Object.entries(error.fields);
    if (error.code === 'invalid-argument' && fieldErrors.length > 0) {
      const own = fieldErrors.filter(([name]) => isField(name));
      setServerErrors(Object.fromEntries(own));
      // A field the form does not show (consent, language): the general message.
      setFailure(own.length < fieldErrors.length ? error.messageRef : undefined);
      focus(fieldOrder.find((name) => error.fields[name]));
      return;
    }
    setFailure(error.messageRef);
    if (error.code === 'not-found') focus('serialNumber');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!consent || pending) return;
    setFailure(undefined);
    setSubmitted(true);
    const loaded = await loadCheck();
    setCheck(() => loaded);
    const result = loaded(input());
    if (!result.success) {
      focus(fieldOrder.find((name) => result.fields[name]));
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setPending(true);
    void loadReportResult();
    try {
      onCreated(await createReportRequest(result.data, controller.signal));
    } catch (error) {
      if (!controller.signal.aborted) showFailure(error);
    } finally {
      if (!controller.signal.aborted) setPending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={prepare}
      onPointerDown={prepare}
      noValidate
      aria-label={t('reportCenter.form.label')}
      data-testid="report-form"
    >
      <Container>
        <SpaceBetween size="l">
          <FormField
            label={t('reportCenter.form.serialNumber')}
            description={t('reportCenter.form.serialNumberHint')}
            errorText={errorText('serialNumber')}
            i18nStrings={{ errorIconAriaLabel: t('toast.error') }}
            data-testid="report-serial"
          >
            <Input
              ref={field('serialNumber')}
              value={values.serialNumber}
              onChange={({ detail }) => setValue('serialNumber', detail.value)}
              autoComplete={false}
              spellcheck={false}
              disableBrowserAutocorrect
            />
          </FormField>
          <FormField
            label={t('reportCenter.form.email')}
            description={t('reportCenter.form.emailHint')}
            errorText={errorText('email')}
            i18nStrings={{ errorIconAriaLabel: t('toast.error') }}
            data-testid="report-email"
          >
            <Input
              ref={field('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={({ detail }) => setValue('email', detail.value)}
            />
          </FormField>
          <Checkbox
            checked={consent}
            onChange={({ detail }) => setConsent(detail.checked)}
            data-testid="report-consent"
          >
            <RichText
              text={t('reportCenter.form.consent', { provider: providerName })}
              tags={{
                policy: (text) => (
                  <Link
                    href={privacyPolicyUrl}
                    external
                    externalIconAriaLabel={t('reportCenter.preview.opensInNewTab')}
                    data-testid="privacy-policy-link"
                  >
                    {text}
                  </Link>
                ),
              }}
            />
          </Checkbox>
          {failure && (
            // A withheld report is no failure: the unit's verdict is not one visitors receive
            // yet (site settings), and the message says whom to ask.
            <Alert
              {...(failure.key === 'errors.reportWithheld'
                ? {
                    type: 'info',
                    statusIconAriaLabel: t('toast.info'),
                    'data-testid': 'report-withheld',
                  }
                : {
                    type: 'error',
                    statusIconAriaLabel: t('toast.error'),
                    'data-testid': 'report-failure',
                  })}
            >
              {t(failure.key, failure.params ?? {})}
            </Alert>
          )}
          <SpaceBetween size="xs">
            <Button
              variant="primary"
              formAction="submit"
              disabled={!consent}
              loading={pending}
              loadingText={t('reportCenter.form.submitting')}
              data-testid="report-submit"
            >
              {t('reportCenter.form.submit')}
            </Button>
            {!consent && (
              <Box variant="small" color="text-body-secondary" data-testid="consent-needed">
                {t('reportCenter.form.consentNeeded')}
              </Box>
            )}
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </form>
  );
}
