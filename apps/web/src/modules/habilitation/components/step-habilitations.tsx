import { Alert, List, Text } from '@mantine/core';
import { IconCertificate, IconCertificateOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { useGate } from '../habilitation.queries.ts';
import { requiredSymbolsOf } from './required-symbols-input.tsx';

/**
 * « Signature réservée aux titulaires de BC », shown on a step that requires habilitations before anyone tries to sign;
 * when the person may read habilitations, it also says in advance whether their own titles let them sign, and why not.
 * Informative only: the server's gate decides at signature (title signed, symbol covered, recyclage, medical attestation).
 */
export function StepHabilitations({ config }: { config: Record<string, unknown> }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const ability = useAbility();
  const codes = requiredSymbolsOf(config);
  const gate = useGate(ability.can('read', 'Habilitation') && codes.length ? session.idUser : null, codes);
  if (!codes.length) return null;
  const title = t('habilitation.step.reserved', { codes: codes.join(t('habilitation.step.or')) });
  if (gate.data && !gate.data.ok)
    return (
      <Alert color="red" variant="light" icon={<IconCertificateOff size={18} />} title={title} mb="sm" data-testid="step-habilitations">
        <Text size="sm" fw={600} c="dark.9">
          {t('habilitation.step.youCannot')}
        </Text>
        <List size="sm" spacing={2}>
          {gate.data.raisons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      </Alert>
    );
  return (
    <Alert color="grape" variant="light" icon={<IconCertificate size={18} />} title={title} mb="sm" data-testid="step-habilitations">
      <Text size="sm" c="dark.9">
        {gate.data?.ok ? t('habilitation.step.youCan') : t('habilitation.step.reservedHelp')}
      </Text>
    </Alert>
  );
}
