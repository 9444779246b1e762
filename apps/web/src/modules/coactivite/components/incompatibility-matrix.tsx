import {
  ACTIVITE_LABELS,
  type ActiviteCode,
  DECISION_LABELS,
  DECISIONS,
  type Decision,
  type IncompatibiliteVue,
  PORTEE_LABELS,
  PORTEES,
  type Portee,
  pairKey,
  pairOf,
} from '@app/contracts';
import { Alert, Box, Button, Group, Modal, Radio, ScrollArea, Select, Stack, Table, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveCell } from '../coactivite.queries.ts';

const SHORT: Record<Decision | 'none', string> = { refus: 'R', cosignature: 'C', sequencement: 'S', none: '—' };
const BG: Record<Decision, string> = {
  refus: 'var(--mantine-color-red-1)',
  cosignature: 'var(--mantine-color-orange-1)',
  sequencement: 'var(--mantine-color-blue-1)',
};

interface Editing {
  a: ActiviteCode;
  b: ActiviteCode;
  decision: Decision | 'none';
  portee: Portee;
  motif: string;
}

/**
 * The company's incompatibility matrix, activity × activity: each cell (a pair, the same either way) is a button
 * saying its decision; choosing it opens the cell to change its decision, where it applies and why, saved on
 * confirmation. Read-only without the right to change the company's settings.
 */
export function IncompatibilityMatrix({
  activites,
  regles,
  canUpdate,
}: {
  activites: readonly { code: ActiviteCode; libelle: string }[];
  regles: readonly IncompatibiliteVue[];
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveCell();
  const [editing, setEditing] = useState<Editing | null>(null);
  const cells = new Map(regles.map((r) => [pairKey(r.a, r.b), r]));
  const open = (x: ActiviteCode, y: ActiviteCode) => {
    const [a, b] = pairOf(x, y);
    const r = cells.get(pairKey(a, b));
    save.reset();
    setEditing({ a, b, decision: r?.decision ?? 'none', portee: r?.portee ?? 'zone', motif: r?.motif ?? '' });
  };
  const submit = () => {
    if (!editing) return;
    save.mutate(
      {
        a: editing.a,
        b: editing.b,
        decision: editing.decision === 'none' ? null : editing.decision,
        ...(editing.decision === 'none' ? {} : { portee: editing.portee, motif: editing.motif }),
      },
      {
        onSuccess: () => {
          notifySuccess(t('coactivite.matrice.saved'));
          setEditing(null);
        },
      },
    );
  };
  const label = (x: ActiviteCode, y: ActiviteCode, d: Decision | undefined) =>
    t('coactivite.matrice.cell', {
      a: ACTIVITE_LABELS[x],
      b: ACTIVITE_LABELS[y],
      decision: d ? DECISION_LABELS[d] : t('coactivite.matrice.none'),
    });

  return (
    <>
      <Group gap="md" aria-label={t('coactivite.matrice.legend')}>
        {DECISIONS.map((d) => (
          <Group key={d} gap={4}>
            <Box w={22} h={22} style={{ background: BG[d], borderRadius: 4, textAlign: 'center', fontWeight: 700 }} aria-hidden>
              {SHORT[d]}
            </Box>
            <Text size="sm">{DECISION_LABELS[d]}</Text>
          </Group>
        ))}
        <Group gap={4}>
          <Box w={22} h={22} style={{ textAlign: 'center' }} aria-hidden>
            {SHORT.none}
          </Box>
          <Text size="sm">{t('coactivite.matrice.none')}</Text>
        </Group>
      </Group>
      <ScrollArea type="auto" offsetScrollbars>
        <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={2} style={{ minWidth: 980 }}>
          <Table.Caption>{t('coactivite.matrice.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Td />
              {activites.map((c) => (
                <Table.Th key={c.code} scope="col" style={{ fontSize: 11, verticalAlign: 'bottom', maxWidth: 70 }}>
                  {c.libelle}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {activites.map((row) => (
              <Table.Tr key={row.code}>
                <Table.Th scope="row" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {row.libelle}
                </Table.Th>
                {activites.map((col) => {
                  const d = cells.get(pairKey(row.code, col.code))?.decision;
                  return (
                    <Table.Td key={col.code} p={0} style={{ background: d ? BG[d] : undefined, textAlign: 'center' }}>
                      <UnstyledButton
                        w="100%"
                        mih={36}
                        fw={700}
                        aria-label={label(row.code, col.code, d)}
                        title={label(row.code, col.code, d)}
                        disabled={!canUpdate}
                        onClick={() => open(row.code, col.code)}
                        style={{ textAlign: 'center' }}
                      >
                        {SHORT[d ?? 'none']}
                      </UnstyledButton>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={editing ? t('coactivite.matrice.editTitle', { a: ACTIVITE_LABELS[editing.a], b: ACTIVITE_LABELS[editing.b] }) : ''}
        centered
      >
        {editing && (
          <Stack>
            <Radio.Group
              label={t('coactivite.matrice.decision')}
              value={editing.decision}
              onChange={(v) => setEditing({ ...editing, decision: v as Editing['decision'] })}
            >
              <Stack gap={6} mt={4}>
                <Radio value="none" label={t('coactivite.matrice.none')} />
                {DECISIONS.map((d) => (
                  <Radio key={d} value={d} label={DECISION_LABELS[d]} />
                ))}
              </Stack>
            </Radio.Group>
            {editing.decision !== 'none' && (
              <>
                <Select
                  label={t('coactivite.matrice.portee')}
                  data={PORTEES.map((p) => ({ value: p, label: PORTEE_LABELS[p] }))}
                  value={editing.portee}
                  allowDeselect={false}
                  onChange={(v) => v && setEditing({ ...editing, portee: v as Portee })}
                />
                <Textarea
                  label={t('coactivite.matrice.motif')}
                  description={t('coactivite.matrice.motifHelp')}
                  value={editing.motif}
                  maxLength={500}
                  autosize
                  minRows={2}
                  onChange={(e) => setEditing({ ...editing, motif: e.currentTarget.value })}
                />
              </>
            )}
            <Text size="sm">{t('coactivite.matrice.confirmText')}</Text>
            {save.error && (
              <Alert color="red" variant="light" role="alert">
                {messageOfError(save.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
              <Button loading={save.isPending} onClick={submit}>
                {t('coactivite.matrice.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
