import { loginErrorMessageOf } from '@app/contracts';
import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { messageOfError } from '../../../lib/notify.ts';
import { useLogin } from '../auth.queries.ts';

/** Sign-in errors show the server's detail first, then its message (spec section 8). */
function loginErrorText(e: unknown): string {
  if (isApiError(e) && e.body) return loginErrorMessageOf(e.body);
  return messageOfError(e);
}

export function LoginForm({ onSuccess }: { onSuccess: (mfaRequired: boolean) => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { mail: '', password: '', rememberMe: false },
    validate: {
      mail: (v) => (v.trim() ? null : t('login.mailRequired')),
      password: (v) => (v ? null : t('login.passwordRequired')),
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (res) => onSuccess(res.mfaRequired),
      onError: (e) => setError(loginErrorText(e)),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" title={t('login.errorTitle')}>
            {error}
          </Alert>
        )}
        <TextInput label={t('login.mail')} type="email" autoComplete="username" required autoFocus {...form.getInputProps('mail')} />
        <PasswordInput label={t('login.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
        <Checkbox label={t('login.rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
