import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { MfaStep } from '../components/mfa-step.tsx';
import { nextAfterSignIn } from '../session.ts';

/** /login: e-mail and password, then a code when the account requires MFA; then the page asked for (`?next=`) or /app. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'credentials' | 'mfa'>('credentials');
  // Shown after a sign-out (or a lost session): the previous person's data is forgotten, now that no screen shows it.
  useEffect(() => {
    queryClient.clear();
  }, [queryClient]);

  const enter = () => {
    // Drop a cached 401 (or another user's session) before entering the app.
    queryClient.clear();
    navigate(nextAfterSignIn(search), { replace: true });
  };

  return (
    <AuthCard title={step === 'mfa' ? t('mfa.title') : t('login.title')}>
      {step === 'credentials' ? (
        <LoginForm onSuccess={(mfaRequired) => (mfaRequired ? setStep('mfa') : enter())} />
      ) : (
        <MfaStep onSuccess={enter} onCancel={() => setStep('credentials')} />
      )}
    </AuthCard>
  );
}
