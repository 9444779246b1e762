import { ETAT_CONSIGNATION_LABELS, ETATS_CONSIGNATION, type EtatConsignation, type RegistreCode } from '@app/contracts';
import { Alert, Button, Card, ColorInput, Group, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility } from '../../auth/index.ts';
import { hexOf } from '../chip-colors.ts';
import { isRegisterIcon, REGISTER_ICONS, RegisterChip, type RegisterIconName, registerIcon } from '../components/register-chip.tsx';
import { type CodeUpdateBody, useRegistreCodes, useUpdateCode } from '../consignation.queries.ts';

type Draft = Pick<RegistreCode, 'libelle' | 'couleur' | 'icone' | 'terminal' | 'etat'>;
const draftOf = (c: RegistreCode): Draft => ({
  libelle: c.libelle,
  couleur: c.couleur,
  icone: c.icone,
  terminal: c.terminal,
  etat: c.etat,
});

/** The update of a code: its code and only what changed (an update without a change is refused by the API). */
export function codeChanges(code: RegistreCode, draft: Draft): CodeUpdateBody | null {
  const body: CodeUpdateBody = { code: code.code };
  const libelle = draft.libelle.trim();
  if (libelle !== code.libelle) body.libelle = libelle;
  if (draft.couleur.toLowerCase() !== code.couleur.toLowerCase()) body.couleur = draft.couleur;
  if (draft.icone !== code.icone) body.icone = draft.icone;
  if (draft.terminal !== code.terminal) body.terminal = draft.terminal;
  if (draft.etat !== code.etat) body.etat = draft.etat;
  return Object.keys(body).length > 1 ? body : null;
}

const ICON_CHOICES = Object.keys(REGISTER_ICONS) as RegisterIconName[];

/** One code's editor: label, colour, icon, terminal flag, the state it stands for; the chip as it will look; save. */
function CodeCard({
  code,
  canEdit,
  onSave,
}: {
  code: RegistreCode;
  canEdit: boolean;
  onSave: (body: CodeUpdateBody, draft: Draft) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(draftOf(code));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const changes = codeChanges(code, draft);
  const colourOk = hexOf(draft.couleur) !== null && /^#[0-9a-fA-F]{6}$/.test(draft.couleur);
  const labelOk = draft.libelle.trim().length > 0 && draft.libelle.trim().length <= 80;
  const Icon = registerIcon(draft.icone);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`code-${code.code}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (changes && colourOk && labelOk) onSave(changes, draft);
        }}
      >
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id={`code-${code.code}`}>
              {code.code}
            </Title>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {t('consignation.codes.preview')}
              </Text>
              <RegisterChip
                code={code.code}
                libelle={draft.libelle.trim() || code.libelle}
                couleur={draft.couleur}
                icone={draft.icone}
                size="lg"
              />
            </Group>
          </Group>
          <TextInput
            label={t('consignation.codes.libelle')}
            value={draft.libelle}
            onChange={(e) => set({ libelle: e.currentTarget.value })}
            disabled={!canEdit}
            maxLength={80}
            required
            error={labelOk ? undefined : t('consignation.codes.libelleRequired')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <ColorInput
              label={t('consignation.codes.couleur')}
              format="hex"
              value={draft.couleur}
              onChange={(couleur) => set({ couleur })}
              disabled={!canEdit}
              error={colourOk ? undefined : t('consignation.codes.couleurWrong')}
              eyeDropperButtonProps={{ 'aria-label': t('consignation.codes.eyeDropper') }}
              miw={160}
            />
            <Select
              label={t('consignation.codes.icone')}
              data={ICON_CHOICES.map((i) => ({ value: i, label: t(`consignation.icons.${i}`) }))}
              value={isRegisterIcon(draft.icone) ? draft.icone : null}
              placeholder={draft.icone}
              onChange={(icone) => icone && set({ icone })}
              leftSection={<Icon size={16} aria-hidden />}
              allowDeselect={false}
              disabled={!canEdit}
              miw={160}
            />
          </Group>
          <Select
            label={t('consignation.codes.etat')}
            description={t('consignation.codes.etatHelp')}
            data={ETATS_CONSIGNATION.map((e) => ({ value: e, label: ETAT_CONSIGNATION_LABELS[e] }))}
            value={draft.etat}
            onChange={(etat) => etat && set({ etat: etat as EtatConsignation })}
            allowDeselect={false}
            disabled={!canEdit}
          />
          <Switch
            label={t('consignation.codes.terminal')}
            description={t('consignation.codes.terminalHelp')}
            checked={draft.terminal}
            onChange={(e) => set({ terminal: e.currentTarget.checked })}
            disabled={!canEdit}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button variant="default" disabled={!changes} onClick={() => setDraft(draftOf(code))}>
                {t('consignation.codes.reset')}
              </Button>
              <Button type="submit" disabled={!changes || !colourOk || !labelOk}>
                {t('consignation.codes.save', { code: code.code })}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/**
 * /app/codes-registre: the company's register codes (CS, TSN…, stored as the spec gives them): each one's label, colour,
 * icon, terminal flag and the canonical state it stands for, with the chip as the register will show it; a save is
 * confirmed first (every lockout's chip changes at once).
 */
export function CodesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const canEdit = ability.can('update', 'EntrepriseSetting');
  const codes = useRegistreCodes();
  const update = useUpdateCode();
  const [pending, setPending] = useState<{ body: CodeUpdateBody; draft: Draft } | null>(null);
  const close = () => {
    setPending(null);
    update.reset();
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('consignation.codes.title')} />
      <Text size="sm" maw={900}>
        {t('consignation.codes.help')}
      </Text>
      {!canEdit && (
        <Alert color="gray" variant="light">
          {t('consignation.codes.readOnly')}
        </Alert>
      )}
      <QueryState query={codes}>
        {!codes.data ? (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={320} />
            <Skeleton height={320} />
            <Skeleton height={320} />
          </SimpleGrid>
        ) : codes.data.length === 0 ? (
          <Text c="dimmed">{t('consignation.codes.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            {codes.data.map((c) => (
              <CodeCard
                key={`${c.code}-${c.libelle}-${c.couleur}-${c.icone}-${c.terminal}-${c.etat}`}
                code={c}
                canEdit={canEdit}
                onSave={(body, draft) => setPending({ body, draft })}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <ConfirmModal
        opened={pending !== null}
        title={t('consignation.codes.confirmTitle', { code: pending?.body.code ?? '' })}
        message={
          pending && (
            <Stack gap="xs" component="span">
              <span>{t('consignation.codes.confirmText', { code: pending.body.code })}</span>
              <span>
                <RegisterChip
                  code={pending.body.code}
                  libelle={pending.draft.libelle.trim()}
                  couleur={pending.draft.couleur}
                  icone={pending.draft.icone}
                />
              </span>
            </Stack>
          )
        }
        confirmLabel={t('consignation.codes.confirm')}
        color="blue"
        loading={update.isPending}
        error={update.error ? messageOfError(update.error) : null}
        onClose={close}
        onConfirm={() =>
          pending &&
          update.mutate(pending.body, {
            onSuccess: () => {
              notifySuccess(t('consignation.codes.saved', { code: pending.body.code }));
              setPending(null);
            },
          })
        }
      />
    </Stack>
  );
}
