import { describeTimeRules, lastSignatureOf, timeRulesOf } from '@app/contracts';
import { Alert, List } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProcessData } from '../process.queries.ts';

/**
 * The time rules of a step, as the person who signs it reads them (« Signature possible à partir du 24/11/26 à
 * 14:30 »). Informative only: nothing is disabled here, the server checks them when the step is signed.
 */
export function StepTimeRules({ process: p, etapeId }: { process: ProcessData; etapeId: number }) {
  const { t } = useTranslation();
  const step = p.steps.find((s) => s.id === etapeId);
  const lines = step ? describeTimeRules(timeRulesOf(step.config), p, lastSignatureOf(p.processDetails)) : [];
  if (!lines.length) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconClock size={18} />} title={t('processHeader.timeRules.onStep')} mb="sm">
      <List size="sm" spacing={2}>
        {lines.map((l) => (
          <List.Item key={l}>{l}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
