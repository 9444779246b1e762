import type { Entreprise } from '@app/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../../../lib/notify.ts';
import { useLockUnlock, useSendMasterOtp } from '../entreprise.queries.ts';

interface Props {
  /** The company to lock or unlock; the code has already been sent when it is set. */
  entreprise: Entreprise | null;
  onClose: () => void;
}

/** Asks the one-time code mailed to the super admin, then locks or unlocks the company. */
export function LockModal({ entreprise, onClose }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const lock = useLockUnlock();
  const resend = useSendMasterOtp();
  const locking = !entreprise?.locked;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset for each company
  useEffect(() => {
    setCode('');
    lock.reset();
  }, [entreprise?.id]);

  const valid = /^\d{6}$/.test(code);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={entreprise !== null}
      onClose={onClose}
      title={
        locking ? t('entreprise.lock.lockTitle', { nom: entreprise?.nom }) : t('entreprise.lock.unlockTitle', { nom: entreprise?.nom })
      }
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!entreprise || !valid) return;
          lock.mutate({ id: entreprise.id, locked: locking, code }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <Text size="sm">{locking ? t('entreprise.lock.lockText') : t('entreprise.lock.unlockText')}</Text>
          <Alert variant="light" role="status">
            {t('entreprise.lock.codeSent')}
          </Alert>
          {lock.isError && (
            <Alert color="red" variant="light" role="alert">
              {messageOfError(lock.error)}
            </Alert>
          )}
          <TextInput
            label={t('entreprise.lock.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            data-autofocus
          />
          <Group justify="space-between">
            <Button variant="subtle" loading={resend.isPending} onClick={() => resend.mutate()}>
              {t('entreprise.lock.resend')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color={locking ? 'red' : 'teal'} disabled={!valid} loading={lock.isPending}>
                {locking ? t('entreprise.lock.lock') : t('entreprise.lock.unlock')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
