import { formatDate } from '@app/contracts';
import { Box, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CellStatus, STATUS_COLOR } from '../habilitation-status.ts';
import { STATUS_ICON } from './status-badge.tsx';

/** One cell of the matrix: a person's holding of a symbol, with its dates and status. */
export interface MatrixCell extends CellStatus {
  titreId: number | null;
  numero: string | null;
  dateObtention: string | null;
  dateEcheance: string | null;
  medicalValidUntil: string | null;
}
export interface MatrixRow {
  utilisateurId: number;
  nom: string;
  service: string | null;
  entreprise: string;
  cells: Record<string, MatrixCell | undefined>;
}

interface Props {
  symboles: { code: string; libelle: string }[];
  rows: MatrixRow[];
  onOpenPerson: (utilisateurId: number) => void;
}

/** « Valide jusqu'au 30/06/28 », « Expiré depuis le … », « Attestation médicale manquante »: what the cell says in words. */
export function useCellText() {
  const { t } = useTranslation();
  return (c: MatrixCell): string => {
    const status = t(`habilitation.status.${c.status}`);
    const parts = [status];
    if (c.dateObtention) parts.push(t('habilitation.matrix.obtained', { date: formatDate(c.dateObtention) }));
    if (c.dateEcheance) parts.push(t('habilitation.matrix.recyclage', { date: formatDate(c.dateEcheance) }));
    if (c.status === 'medical')
      parts.push(
        c.medicalValidUntil
          ? t('habilitation.matrix.medicalEnded', { date: formatDate(c.medicalValidUntil) })
          : t('habilitation.matrix.medicalMissing'),
      );
    else if (c.medicalValidUntil) parts.push(t('habilitation.matrix.medicalUntil', { date: formatDate(c.medicalValidUntil) }));
    return parts.join(' · ');
  };
}

/**
 * The person × symbol matrix: one row a person, one column a symbol. A held symbol shows its icon and recyclage date
 * (dd/MM/yy) on its status colour; hover or focus shows every date; the cell's accessible name says it all in words.
 * Activating a cell or a name opens the person's detail.
 */
export function HabilitationMatrix({ symboles, rows, onOpenPerson }: Props) {
  const { t } = useTranslation();
  const textOf = useCellText();
  return (
    <Table.ScrollContainer minWidth={240 + symboles.length * 84} type="native">
      <Table
        withColumnBorders
        withTableBorder
        striped
        verticalSpacing={4}
        horizontalSpacing={6}
        aria-label={t('habilitation.matrix.caption')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
              {t('habilitation.matrix.person')}
            </Table.Th>
            {symboles.map((s) => (
              <Table.Th key={s.code} ta="center" title={s.libelle}>
                <abbr title={s.libelle} style={{ textDecoration: 'none' }}>
                  {s.code}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.utilisateurId}>
              <Table.Th scope="row" style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
                <UnstyledButton
                  onClick={() => onOpenPerson(r.utilisateurId)}
                  aria-label={t('habilitation.matrix.openPerson', { nom: r.nom })}
                >
                  <Text size="sm" fw={600} td="underline">
                    {r.nom}
                  </Text>
                </UnstyledButton>
                <Text size="xs" c="dimmed">
                  {[r.service, r.entreprise].filter(Boolean).join(' · ')}
                </Text>
              </Table.Th>
              {symboles.map((s) => {
                const c = r.cells[s.code];
                if (!c)
                  return (
                    <Table.Td key={s.code} ta="center">
                      <Text span size="xs" c="dimmed" aria-label={t('habilitation.matrix.notHeld', { code: s.code })}>
                        —
                      </Text>
                    </Table.Td>
                  );
                const Icon = STATUS_ICON[c.status];
                const text = textOf(c);
                return (
                  <Table.Td key={s.code} ta="center" p={2}>
                    <Tooltip label={`${s.code} — ${text}`} multiline maw={280} withinPortal>
                      <UnstyledButton
                        onClick={() => onOpenPerson(r.utilisateurId)}
                        aria-label={t('habilitation.matrix.cell', { nom: r.nom, code: s.code, text })}
                        data-status={c.status}
                        w="100%"
                        px={4}
                        py={2}
                        style={{
                          borderRadius: 4,
                          background: `var(--mantine-color-${STATUS_COLOR[c.status]}-light)`,
                          color: 'var(--mantine-color-dark-9)',
                        }}
                      >
                        <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
                          <Icon size={14} aria-hidden />
                          <Text span size="xs" fw={600}>
                            {c.dateEcheance ? formatDate(c.dateEcheance) : t('habilitation.matrix.noDate')}
                          </Text>
                        </Box>
                      </UnstyledButton>
                    </Tooltip>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
