import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../../../lib/notify.ts';
import { useSendCode, useValidateCode } from '../auth.queries.ts';

/** Second sign-in step: a 6-digit code sent by mail. */
export function MfaStep({ onSuccess, onCancel }: { onSuccess: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  const validate = useValidateCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const valid = /^\d{6}$/.test(code);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return setError(t('mfa.codeInvalid'));
        setError(null);
        validate.mutate(code, { onSuccess, onError: (err) => setError(messageOfError(err)) });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('mfa.intro')}</Text>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        {sendCode.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('mfa.sent')}
          </Alert>
        )}
        <Button
          variant="light"
          loading={sendCode.isPending}
          onClick={() => {
            setError(null);
            sendCode.mutate(undefined, { onError: (err) => setError(messageOfError(err)) });
          }}
        >
          {sendCode.isSuccess ? t('mfa.resend') : t('mfa.send')}
        </Button>
        <TextInput
          label={t('mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onCancel}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={validate.isPending} disabled={!valid}>
            {t('mfa.validate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
