import { formatDate, formatTime, type TitreHabilitation } from '@app/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconBan, IconFileTypePdf, IconPencil, IconRefresh, IconSignature, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { notifyError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { SignaturePad } from '../../../ui/signature-pad.tsx';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { DetentionsTable } from '../components/detentions-table.tsx';
import { TitreForm } from '../components/titre-form.tsx';
import {
  useCreateTitre,
  useDeleteTitre,
  useRenewTitre,
  useRevokeTitre,
  useSignTitre,
  useTitre,
  useUpdateTitre,
} from '../habilitation.queries.ts';
import { downloadTitrePdf, type TitrePrint } from '../titre-pdf.ts';

/** What the PDF prints of a title. */
export function printOf(t: TitreHabilitation, entreprise: string): TitrePrint {
  return {
    numero: t.numero,
    entreprise: t.employeur || entreprise,
    titulaire: { nom: t.titulaire, fonction: null, service: null },
    dateDelivrance: t.dateDelivrance,
    dateRecyclage:
      t.detentions
        .map((d) => d.dateEcheance)
        .filter((d): d is string => Boolean(d))
        .sort()[0] ?? null,
    lignes: t.detentions.map((d) => ({
      symbole: d.code,
      libelle: d.libelle,
      domaine: null,
      portee: [d.domaine, d.equipementLibelle, d.localisationLibelle].filter(Boolean).join(' · ') || 'Ensemble des installations du titre',
      recyclage: d.dateEcheance,
    })),
    restrictions: t.detentions.flatMap((d) => (d.restrictions ? [`${d.code} : ${d.restrictions}`] : [])).join('\n') || null,
    observations: t.observations,
    formation: null,
    employeur: t.signatureEmployeur ? { nom: t.signatureEmployeur.nom, at: t.signatureEmployeur.at, image: null } : null,
    titulaireSignature: t.signatureTitulaire ? { nom: t.signatureTitulaire.nom, at: t.signatureTitulaire.at, image: null } : null,
    revoque: t.revoqueAt ? { at: t.revoqueAt, motif: t.motifRevocation } : null,
  };
}

const ETAT_COLOR = { brouillon: 'blue', signe: 'teal', revoque: 'red', remplace: 'gray' } as const;

/** /app/habilitations/titres/:id (« nouveau » to issue one): a title, its two signatures, revocation, renewal, PDF. */
export function TitrePage() {
  const { t } = useTranslation();
  const param = useParams().id ?? '';
  const creating = param === 'nouveau';
  const id = creating ? null : Number(param);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const titre = useTitre(id);
  const create = useCreateTitre();

  if (creating) {
    const forPerson = Number(search.get('utilisateurId')) || null;
    return (
      <Stack gap="md">
        <BackLink />
        <PageHeader title={t('habilitation.titre.newTitle')} />
        <Card withBorder>
          <TitreForm
            titre={null}
            utilisateurId={forPerson}
            submitting={create.isPending}
            error={create.error}
            onSubmit={(body) =>
              create.mutate(body, { onSuccess: (created) => navigate(`/app/habilitations/titres/${created.id}`, { replace: true }) })
            }
            onCancel={() => navigate(-1)}
          />
        </Card>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <BackLink />
      <QueryState query={titre}>
        {titre.isPending || !titre.data ? (
          <>
            <PageHeader title={t('habilitation.titre.loadingTitle')} />
            <Skeleton height={300} aria-label={t('common.loading')} />
          </>
        ) : (
          <TitreView titre={titre.data} />
        )}
      </QueryState>
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/app/habilitations" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('habilitation.person.back')}
      </Group>
    </Anchor>
  );
}

function TitreView({ titre }: { titre: TitreHabilitation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const session = useCurrentSession();
  const update = useUpdateTitre();
  const sign = useSignTitre();
  const revoke = useRevokeTitre();
  const renew = useRenewTitre();
  const remove = useDeleteTitre();
  const [editing, setEditing] = useState(false);
  const [signing, setSigning] = useState<'employeur' | 'titulaire' | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [motif, setMotif] = useState('');
  const [renewing, setRenewing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const canUpdate = titre.abilities?.update ?? ability.can('update', 'Habilitation');
  const draft = titre.etat === 'brouillon';
  const isHolder = session.idUser === titre.utilisateurId;
  const signedBoth = Boolean(titre.signatureEmployeur && titre.signatureTitulaire);

  const print = async () => {
    setPrinting(true);
    try {
      await downloadTitrePdf(printOf(titre, session.companyName));
    } catch (e) {
      notifyError(e);
    } finally {
      setPrinting(false);
    }
  };
  const signatureLine = (s: TitreHabilitation['signatureEmployeur']) =>
    s
      ? t('habilitation.titre.signedBy', { nom: s.nom, date: formatDate(s.at), time: formatTime(s.at) })
      : t('habilitation.titre.notSigned');

  if (editing)
    return (
      <>
        <PageHeader title={t('habilitation.titre.editTitle', { numero: titre.numero })} />
        <Card withBorder>
          <TitreForm
            titre={titre}
            utilisateurId={titre.utilisateurId}
            submitting={update.isPending}
            error={update.error}
            onSubmit={(body) => {
              const { utilisateurId: _u, ...changes } = body;
              update.mutate({ ...changes, id: titre.id, version: titre.version }, { onSuccess: () => setEditing(false) });
            }}
            onCancel={() => setEditing(false)}
          />
        </Card>
      </>
    );

  return (
    <>
      <PageHeader
        title={t('habilitation.titre.heading', { numero: titre.numero })}
        actions={
          <>
            <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={printing} onClick={print}>
              {t('habilitation.titre.print')}
            </Button>
            {draft && canUpdate && !titre.signatureEmployeur && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            )}
          </>
        }
      />
      <Group gap="sm">
        <Badge color={ETAT_COLOR[titre.etat]} variant="light" c="dark.9" size="lg">
          {t(`habilitation.etatTitre.${titre.etat}`)}
        </Badge>
        <Text size="sm">
          {t('habilitation.titre.holderLine', { nom: titre.titulaire, employeur: titre.employeur })}{' '}
          <Anchor component={Link} to={`/app/habilitations/personnes/${titre.utilisateurId}`} underline="always">
            {t('habilitation.titre.seePerson')}
          </Anchor>
        </Text>
      </Group>
      {titre.revoqueAt && (
        <Alert
          color="red"
          variant="light"
          icon={<IconBan />}
          title={t('habilitation.titre.revokedTitle', { date: formatDate(titre.revoqueAt) })}
        >
          {titre.motifRevocation}
        </Alert>
      )}
      <Text size="sm">
        {t('habilitation.titre.issued', { date: formatDate(titre.dateDelivrance) })}
        {titre.dateFinValidite ? ` · ${t('habilitation.titre.until', { date: formatDate(titre.dateFinValidite) })}` : ''}
      </Text>
      <DetentionsTable
        titre={titre}
        label={t('habilitation.titre.symbols')}
        last={{ heading: t('habilitation.fields.restrictions'), cell: (d) => d.restrictions || '—' }}
      />
      {titre.observations && (
        <Text size="sm">
          <Text span fw={600}>
            {t('habilitation.fields.observations')} :
          </Text>{' '}
          {titre.observations}
        </Text>
      )}
      <Card withBorder component="section" aria-labelledby="signatures-title">
        <Title order={2} size="h4" id="signatures-title" mb="xs">
          {t('habilitation.titre.signatures')}
        </Title>
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              <Text span fw={600}>
                {t('habilitation.titre.employeurSignature')} :
              </Text>{' '}
              {signatureLine(titre.signatureEmployeur)}
            </Text>
            {draft && canUpdate && !titre.signatureEmployeur && (
              <Button size="xs" leftSection={<IconSignature size={14} />} onClick={() => setSigning('employeur')}>
                {t('habilitation.titre.signEmployeur')}
              </Button>
            )}
          </Group>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              <Text span fw={600}>
                {t('habilitation.titre.titulaireSignature')} :
              </Text>{' '}
              {signatureLine(titre.signatureTitulaire)}
            </Text>
            {draft && isHolder && titre.signatureEmployeur && !titre.signatureTitulaire && (
              <Button size="xs" leftSection={<IconSignature size={14} />} onClick={() => setSigning('titulaire')}>
                {t('habilitation.titre.signTitulaire')}
              </Button>
            )}
          </Group>
          {draft && !titre.signatureEmployeur && (
            <Text size="xs" c="dimmed">
              {t('habilitation.titre.signOrder')}
            </Text>
          )}
          {draft && titre.signatureEmployeur && !titre.signatureTitulaire && !isHolder && (
            <Text size="sm" c="dimmed">
              {t('habilitation.titre.waitHolder', { nom: titre.titulaire })}
            </Text>
          )}
        </Stack>
      </Card>
      {canUpdate && (
        <Group gap="sm">
          {titre.etat === 'signe' && (
            <>
              <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => setRenewing(true)}>
                {t('habilitation.titre.renew')}
              </Button>
              <Button variant="light" color="red" leftSection={<IconBan size={16} />} onClick={() => setRevoking(true)}>
                {t('habilitation.titre.revoke')}
              </Button>
            </>
          )}
          {draft && !signedBoth && (titre.abilities?.delete ?? ability.can('delete', 'Habilitation')) && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              {t('habilitation.titre.deleteDraft')}
            </Button>
          )}
        </Group>
      )}

      <FormModal
        opened={signing !== null}
        onClose={() => setSigning(null)}
        title={signing === 'employeur' ? t('habilitation.titre.signEmployeur') : t('habilitation.titre.signTitulaire')}
        submitLabel={t('habilitation.titre.signNow')}
        submitting={sign.isPending}
        error={sign.error}
        onSubmit={() =>
          signing &&
          sign.mutate(
            { id: titre.id, as: signing, image: image ?? undefined },
            {
              onSuccess: () => {
                setSigning(null);
                setImage(null);
              },
            },
          )
        }
      >
        <Text size="sm">
          {signing === 'employeur'
            ? t('habilitation.titre.signEmployeurText', { nom: titre.titulaire, numero: titre.numero })
            : t('habilitation.titre.signTitulaireText', { numero: titre.numero })}
        </Text>
        <SignaturePad label={t('habilitation.titre.signatureDrawing')} onChange={setImage} />
      </FormModal>
      <FormModal
        opened={revoking}
        onClose={() => setRevoking(false)}
        title={t('habilitation.titre.revokeTitle', { numero: titre.numero })}
        submitLabel={t('habilitation.titre.revoke')}
        submitColor="red"
        submitting={revoke.isPending}
        submitDisabled={motif.trim().length < 3}
        error={revoke.error}
        onSubmit={() =>
          revoke.mutate(
            { id: titre.id, motif: motif.trim() },
            {
              onSuccess: () => {
                setRevoking(false);
                setMotif('');
              },
            },
          )
        }
      >
        <Text size="sm">{t('habilitation.titre.revokeText', { nom: titre.titulaire })}</Text>
        <Textarea
          label={t('habilitation.titre.motif')}
          required
          minLength={3}
          maxLength={1000}
          autosize
          minRows={2}
          value={motif}
          onChange={(e) => setMotif(e.currentTarget.value)}
          data-autofocus
        />
      </FormModal>
      <ConfirmModal
        opened={renewing}
        title={t('habilitation.titre.renewTitle', { numero: titre.numero })}
        message={t('habilitation.titre.renewText')}
        confirmLabel={t('habilitation.titre.renew')}
        color="blue"
        loading={renew.isPending}
        error={renew.error ? (renew.error as Error).message : null}
        onClose={() => setRenewing(false)}
        onConfirm={() =>
          renew.mutate(
            { id: titre.id },
            {
              onSuccess: (next) => {
                setRenewing(false);
                navigate(`/app/habilitations/titres/${next.id}`);
              },
            },
          )
        }
      />
      <ConfirmModal
        opened={deleting}
        title={t('habilitation.titre.deleteTitle', { numero: titre.numero })}
        message={t('habilitation.titre.deleteText')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.error ? (remove.error as Error).message : null}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(titre.id, { onSuccess: () => navigate(`/app/habilitations/personnes/${titre.utilisateurId}`, { replace: true }) })
        }
      />
    </>
  );
}
