import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, useTransition } from 'react';
import { messageOfError } from '../../../lib/api.ts';
import texts from '../../../lib/locales/sign-in.fr.json';
import { sendCode, validateCode } from '../sign-in.api.ts';

/** Second sign-in step: a 6-digit code sent by mail. */
export function MfaStep({ onSuccess, onCancel }: { onSuccess: () => void; onCancel: () => void }) {
  const [sending, startSending] = useTransition();
  const [validating, startValidating] = useTransition();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const valid = /^\d{6}$/.test(code);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return setError(texts.mfa.codeInvalid);
        setError(null);
        startValidating(async () => {
          try {
            await validateCode(code);
            onSuccess();
          } catch (err) {
            setError(messageOfError(err));
          }
        });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{texts.mfa.intro}</Text>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        {sent && (
          <Alert color="teal" variant="light" role="status">
            {texts.mfa.sent}
          </Alert>
        )}
        <Button
          variant="light"
          loading={sending}
          onClick={() => {
            setError(null);
            startSending(async () => {
              try {
                await sendCode();
                setSent(true);
              } catch (err) {
                setError(messageOfError(err));
              }
            });
          }}
        >
          {sent ? texts.mfa.resend : texts.mfa.send}
        </Button>
        <TextInput
          label={texts.mfa.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onCancel}>
            {texts.mfa.back}
          </Button>
          <Button type="submit" loading={validating} disabled={!valid}>
            {texts.mfa.validate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
