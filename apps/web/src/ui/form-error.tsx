import { Alert } from '@mantine/core';
import { messageOfError } from '../lib/notify.ts';

/** Why the last submission failed, or nothing. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {messageOfError(error)}
    </Alert>
  );
}
