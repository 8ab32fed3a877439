import '@cloudscape-design/global-styles/index.css';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The /search floor (test/bench/web-size.ts): React, react-dom and the Cloudscape
 * components the public request form imports (report-request-form.tsx), drawing a bare
 * form. No texts, no validation, no request: no page with this form can load less.
 */
function Floor() {
  const [serial, setSerial] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  return (
    <Container>
      <form onSubmit={(event) => event.preventDefault()}>
        <SpaceBetween size="m">
          <FormField label="Serial number">
            <Input value={serial} onChange={({ detail }) => setSerial(detail.value)} />
          </FormField>
          <FormField label="Email">
            <Input type="email" value={email} onChange={({ detail }) => setEmail(detail.value)} />
          </FormField>
          <Checkbox checked={consent} onChange={({ detail }) => setConsent(detail.checked)}>
            <Link href="/privacy">Privacy</Link>
          </Checkbox>
          {!consent && <Alert type="info">Consent</Alert>}
          <Box float="right">
            <Button variant="primary">Send</Button>
          </Box>
        </SpaceBetween>
      </form>
    </Container>
  );
}

createRoot(document.getElementById('root')!).render(<Floor />);
