import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RouterButton } from './router-link';

interface RecordMissingProps {
  /** Test hook, e.g. `product-not-found`. */
  testId: string;
  /** The API's message, e.g. "Product Not Found". */
  title: string;
  description: string;
  /** The list to go back to, and its button's label. */
  backTo: string;
  backLabel: string;
}

/** An edit page whose record does not exist (deleted, or a wrong link). */
export function RecordMissing({
  testId,
  title,
  description,
  backTo,
  backLabel,
}: RecordMissingProps) {
  return (
    <Container data-testid={testId}>
      <Box textAlign="center" color="inherit" padding={{ vertical: 'xl' }}>
        <SpaceBetween size="s">
          <Box variant="h2" tagOverride="p">
            {title}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {description}
          </Box>
          <RouterButton to={backTo} data-testid={`${testId}-back`}>
            {backLabel}
          </RouterButton>
        </SpaceBetween>
      </Box>
    </Container>
  );
}
