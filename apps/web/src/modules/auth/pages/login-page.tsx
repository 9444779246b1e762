import { useState } from 'react';
import texts from '../../../lib/locales/sign-in.fr.json';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { MfaStep } from '../components/mfa-step.tsx';
import { enterApp } from '../sign-in-address.ts';

/**
 * /login, a page of its own (login.html, login-main.tsx), in French as always when signed out: e-mail and password,
 * then a code when the account requires MFA; then the page asked for (`?next=`) or /app, by a full page load of the
 * app. `onSignedIn` replaces that load in tests.
 */
export function LoginPage({ onSignedIn = () => enterApp(window.location.search) }: { onSignedIn?: () => void }) {
  const [step, setStep] = useState<'credentials' | 'mfa'>('credentials');
  return (
    <AuthCard brand={texts.app.name} title={step === 'mfa' ? texts.mfa.title : texts.login.title}>
      {step === 'credentials' ? (
        <LoginForm onSuccess={(mfaRequired) => (mfaRequired ? setStep('mfa') : onSignedIn())} />
      ) : (
        <MfaStep onSuccess={onSignedIn} onCancel={() => setStep('credentials')} />
      )}
    </AuthCard>
  );
}
