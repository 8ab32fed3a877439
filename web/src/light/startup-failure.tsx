import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';

interface StartupFailureProps {
  /** The page's own texts, in its language: title, message, the reload button, "Error". */
  texts: { title: string; message: string; reload: string; error: string };
}

/** Shown when a light page cannot start, e.g. `/config.json` is missing or invalid. */
export function StartupFailure({ texts }: StartupFailureProps) {
  return (
    <Box padding="xxl" data-testid="startup-error">
      <Alert
        type="error"
        statusIconAriaLabel={texts.error}
        header={texts.title}
        action={<Button onClick={() => window.location.reload()}>{texts.reload}</Button>}
      >
        {texts.message}
      </Alert>
    </Box>
  );
}
