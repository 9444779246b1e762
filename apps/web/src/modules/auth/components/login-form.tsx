import { loginErrorMessageOf } from '@app/contracts';
import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState, useTransition } from 'react';
import { isApiError, messageOfError } from '../../../lib/api.ts';
import texts from '../../../lib/locales/sign-in.fr.json';
import { signIn } from '../sign-in.api.ts';

/** Sign-in errors show the server's detail first, then its message (spec section 8). */
function loginErrorText(e: unknown): string {
  if (isApiError(e) && e.body) return loginErrorMessageOf(e.body);
  return messageOfError(e);
}

type Field = 'mail' | 'password';

/**
 * E-mail and password. Plain React state (no form library, no query cache): the sign-in page is a bundle of its own
 * that must stay small (issue 16); a field's error is shown on submit and cleared when it is edited.
 */
export function LoginForm({ onSuccess }: { onSuccess: (mfaRequired: boolean) => void }) {
  const [mail, setMail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const clear = (field: Field) => setFieldErrors((errors) => ({ ...errors, [field]: undefined }));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const invalid = {
      mail: mail.trim() ? undefined : texts.login.mailRequired,
      password: password ? undefined : texts.login.passwordRequired,
    };
    setFieldErrors(invalid);
    if (invalid.mail || invalid.password) return;
    setError(null);
    startTransition(async () => {
      try {
        const res = await signIn({ mail, password, rememberMe });
        onSuccess(res.mfaRequired);
      } catch (err) {
        setError(loginErrorText(err));
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" title={texts.login.errorTitle}>
            {error}
          </Alert>
        )}
        <TextInput
          label={texts.login.mail}
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={mail}
          error={fieldErrors.mail}
          onChange={(e) => {
            setMail(e.currentTarget.value);
            clear('mail');
          }}
        />
        <PasswordInput
          label={texts.login.password}
          autoComplete="current-password"
          required
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': texts.login.showPassword }}
          value={password}
          error={fieldErrors.password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            clear('password');
          }}
        />
        <Checkbox label={texts.login.rememberMe} checked={rememberMe} onChange={(e) => setRememberMe(e.currentTarget.checked)} />
        <Button type="submit" loading={pending} fullWidth>
          {texts.login.submit}
        </Button>
      </Stack>
    </form>
  );
}
