import { type ActePermis, type Permis, type RolePermis, rolesRequis } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePermisAction } from '../permis.queries.ts';
import { formatDateTime } from '../permis-time.ts';
import { SignedDialog } from './signed-dialog.tsx';

/** The act being signed now: the délivrance while requested, the fin de travaux while in progress or suspended. */
export function currentActe(p: Pick<Permis, 'etat'>): ActePermis | null {
  if (p.etat === 'demande') return 'delivrance';
  if (p.etat === 'en_cours' || p.etat === 'suspendu') return 'fin_travaux';
  return null;
}

/** The acts to show: the délivrance always, the fin de travaux once it can be signed or has been. */
function actesShown(p: Permis): ActePermis[] {
  const shown: ActePermis[] = ['delivrance'];
  if (currentActe(p) === 'fin_travaux' || p.signatures.some((s) => s.acte === 'fin_travaux')) shown.push('fin_travaux');
  return shown;
}

interface Props {
  permis: Permis;
  canUpdate: boolean;
  onChanged?: () => void;
}

/**
 * The signatures of each act by role (for hot work the délivrance takes three: donneur d'ordre, exécutant, surveillant;
 * the fin de travaux both sides), who signed and when, and « Signer comme … » for the roles still awaited.
 */
export function PermisSignatures({ permis: p, canUpdate, onChanged }: Props) {
  const { t } = useTranslation();
  const [signing, setSigning] = useState<{ acte: ActePermis; role: RolePermis } | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const sign = usePermisAction(API.permis.sign, p.processId, onChanged);
  const acteNow = currentActe(p);
  const close = () => {
    setSigning(null);
    setImage(null);
    sign.reset();
  };
  const submit = (img: string) =>
    signing &&
    sign.mutate(
      { body: { processId: p.processId, acte: signing.acte, role: signing.role, image: img, version: p.version } },
      {
        onSuccess: () => {
          notifySuccess(t('permis.signatures.done'));
          close();
        },
      },
    );

  return (
    <>
      {actesShown(p).map((acte) => {
        const titleId = `permis-signatures-${acte}`;
        return (
          <Card key={acte} withBorder padding="sm" component="section" aria-labelledby={titleId}>
            <Group gap="xs" mb="xs">
              <IconSignature size={18} aria-hidden />
              <Title order={3} size="h5" id={titleId}>
                {t('permis.signatures.title', { acte: t(`permis.actes.${acte}`) })}
              </Title>
            </Group>
            <List listStyleType="none" spacing="xs" p={0}>
              {rolesRequis(acte, p.feu).map((role) => {
                const s = p.signatures.find((x) => x.acte === acte && x.role === role);
                const awaited = acte === acteNow && p.signaturesAttendues.includes(role);
                return (
                  <List.Item key={role}>
                    <Stack gap={4}>
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" fw={600}>
                          {t(`permis.roles.${role}`)}
                        </Text>
                        {s ? (
                          <Text size="sm" title={t('permis.signatures.hash', { hash: s.hash })}>
                            {t('permis.signatures.signed', { nom: s.utilisateur.nom, date: formatDateTime(s.at) })}
                          </Text>
                        ) : (
                          <Badge variant="light" color={awaited ? 'orange' : 'gray'}>
                            {awaited ? t('permis.signatures.missing') : t('permis.signatures.notYet')}
                          </Badge>
                        )}
                      </Group>
                      {!s && awaited && canUpdate && (
                        <Button size="sm" variant="light" w="fit-content" onClick={() => setSigning({ acte, role })}>
                          {t('permis.signatures.sign', { role: t(`permis.roles.${role}`) })}
                        </Button>
                      )}
                    </Stack>
                  </List.Item>
                );
              })}
            </List>
          </Card>
        );
      })}
      <SignedDialog
        opened={signing !== null}
        title={
          signing
            ? t('permis.signatures.dialogTitle', { acte: t(`permis.actes.${signing.acte}`), role: t(`permis.roles.${signing.role}`) })
            : ''
        }
        text={t('permis.signatures.dialogText')}
        padLabel={signing ? t('permis.signatures.pad', { role: t(`permis.roles.${signing.role}`) }) : ''}
        submitLabel={t('permis.signatures.submit')}
        submitting={sign.isPending}
        error={sign.error}
        image={image}
        onImage={setImage}
        onClose={close}
        onSubmit={submit}
      />
    </>
  );
}
