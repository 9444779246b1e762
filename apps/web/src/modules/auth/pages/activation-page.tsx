import { Password } from '@app/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageOfError } from '../../../lib/notify.ts';
import { useValidateUser } from '../auth.queries.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** /activation?token=...: an invited person chooses a password. */
export function ActivationPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const activate = useValidateUser();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (v) => {
        const r = Password.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? t('activation.passwordInvalid'));
      },
      confirmation: (v, values) => (v === values.password ? null : t('activation.mismatch')),
    },
  });

  if (!token) {
    return (
      <AuthCard brand={t('app.name')} title={t('activation.title')}>
        <Alert color="red" variant="light" role="alert">
          {t('activation.noToken')}
        </Alert>
        <Anchor href="/login">{t('activation.toLogin')}</Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard brand={t('app.name')} title={t('activation.title')}>
      {activate.isSuccess ? (
        <Stack>
          <Alert color="teal" variant="light" role="status">
            {t('activation.done')}
          </Alert>
          <Button component="a" href="/login">
            {t('activation.toLogin')}
          </Button>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) => {
            setError(null);
            activate.mutate({ token, password: v.password }, { onError: (e) => setError(messageOfError(e)) });
          })}
        >
          <Stack gap="sm">
            <Text size="sm">{t('activation.intro')}</Text>
            {error && (
              <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput
              label={t('activation.password')}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('activation.showPassword') }}
              description={t('activation.policy')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('activation.confirmation')}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('activation.showPassword') }}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmation')}
            />
            <Button type="submit" loading={activate.isPending}>
              {t('activation.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
