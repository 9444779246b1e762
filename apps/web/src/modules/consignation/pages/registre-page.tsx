import {
  codeOfEtat,
  displayNumero,
  ETAT_CONSIGNATION_LABELS,
  formatDate,
  type RegistreCode,
  type RegistreRow,
  STATUTS_REGISTRE_CONSIGNATION,
  TYPE_CONSIGNATION,
} from '@app/contracts';
import { ActionIcon, Anchor, Badge, Group, Select, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconCornerDownRight, IconListNumbers } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { equipementChoices } from '../../../lib/equipement-choices.ts';
import { codeLabel } from '../../../lib/labels.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { DayInput } from '../../../ui/date-fields.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { RemoteSelect } from '../../../ui/remote-select.tsx';
import { usePaging } from '../../../ui/use-paging.ts';
import { useAbility } from '../../auth/index.ts';
import { RegisterChip } from '../components/register-chip.tsx';
import { consignationKeys } from '../consignation.keys.ts';
import { type RegistreQuery, useRegistre, useRegistreCodes } from '../consignation.queries.ts';

const PER_PAGE_CHOICES = ['20', '50', '100'];
const COLUMNS = 10;

interface Filters {
  code: string | null;
  type: string | null;
  equipementId: number | null;
  du: string | null;
  au: string | null;
  ouvertes: boolean;
}
const NO_FILTER: Filters = { code: null, type: null, equipementId: null, du: null, au: null, ouvertes: false };

/** The register's query from the filters (only what is set) and the page. */
export function registreQueryOf(f: Filters, offset: number, perPage: number): RegistreQuery {
  return {
    offset,
    perPage,
    ...(f.code ? { code: f.code as RegistreQuery['code'] } : {}),
    ...(f.type ? { typeConsignation: Number(f.type) } : {}),
    ...(f.equipementId ? { equipementId: f.equipementId } : {}),
    ...(f.du ? { du: f.du.slice(0, 10) } : {}),
    ...(f.au ? { au: f.au.slice(0, 10) } : {}),
    ...(f.ouvertes ? { ouvertes: 'true' as const } : {}),
  };
}

/** The chip of a row: the company's code of its state, else the state in words. */
function RowChip({ row }: { row: RegistreRow }) {
  return <RegisterChip code={row.code} libelle={row.codeLibelle ?? row.etatLibelle} couleur={row.couleur} icone={row.icone} size="sm" />;
}

/** A daughter's chip from the company's codes (the register gives its state only). */
function StateChip({ etat, codes }: { etat: RegistreRow['etat']; codes: readonly RegistreCode[] }) {
  const c = codeOfEtat(codes, etat);
  return (
    <RegisterChip
      code={c?.code ?? null}
      libelle={c?.libelle ?? ETAT_CONSIGNATION_LABELS[etat]}
      couleur={c?.couleur ?? null}
      icone={c?.icone ?? null}
      size="sm"
    />
  );
}

/** The equipment filter (its subtree too): the shared server search of the equipment the person may read. */
function EquipementFilter({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [name, setName] = useState<string | null>(null);
  if (!ability.can('read', 'Equipement')) return null;
  return (
    <RemoteSelect
      label={t('consignation.registre.equipement')}
      placeholder={t('consignation.registre.equipementPlaceholder')}
      queryKey={consignationKeys.equipements}
      load={equipementChoices}
      value={value}
      valueName={name}
      onChange={(id, n) => {
        setName(n);
        onChange(id);
      }}
      w={280}
    />
  );
}

/**
 * /app/registre-consignations: every lockout with its status as the company names it (code, label, colour), its type,
 * its daughters under a mother, padlocks on / total, isolation points, attestation, « Séquencé » when it waits for
 * another process; filtered by code, type, equipment (and below), period, open only; a row opens the process.
 */
export function RegistrePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePaging(20);
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const codes = useRegistreCodes();
  const registre = useRegistre(registreQueryOf(filters, paging.offset, paging.perPage));
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    paging.resetPage();
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTER);
  const toggle = (id: number) =>
    setOpen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const openProcess = (id: number) => navigate(`/app/processus/${id}`);
  const codeChoices = (codes.data ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.libelle}` }));

  return (
    <Stack gap="md">
      <PageHeader title={t('consignation.registre.title')} />
      <Group align="flex-end" wrap="wrap" gap="sm" role="search" aria-label={t('consignation.registre.filters')}>
        <Select
          label={t('consignation.registre.code')}
          placeholder={t('consignation.registre.all')}
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={codeChoices.length ? codeChoices : STATUTS_REGISTRE_CONSIGNATION.map((c) => ({ value: c, label: c }))}
          value={filters.code}
          onChange={(code) => set({ code })}
          w={260}
        />
        <Select
          label={t('consignation.registre.type')}
          placeholder={t('consignation.registre.all')}
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={Object.keys(TYPE_CONSIGNATION).map((value) => ({ value, label: codeLabel(t, 'typeConsignation', value) }))}
          value={filters.type}
          onChange={(type) => set({ type })}
          w={220}
        />
        <EquipementFilter value={filters.equipementId} onChange={(equipementId) => set({ equipementId })} />
        <DayInput label={t('consignation.registre.du')} value={filters.du} onChange={(du) => set({ du })} w={150} />
        <DayInput label={t('consignation.registre.au')} value={filters.au} onChange={(au) => set({ au })} w={150} />
        <Switch
          label={t('consignation.registre.ouvertes')}
          checked={filters.ouvertes}
          onChange={(e) => set({ ouvertes: e.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <QueryState query={registre}>
        <div aria-busy={registre.isFetching}>
          <DataTable
            minWidth={1000}
            highlightOnHover
            aria-label={t('consignation.registre.title')}
            rows={registre.data?.items}
            columns={COLUMNS}
            skeletonRows={5}
            empty={filtered ? t('consignation.registre.emptyFiltered') : t('consignation.registre.empty')}
            head={
              <>
                <Table.Th w={44}>
                  <VisuallyHidden>{t('consignation.registre.filles')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('consignation.registre.numero')}</Table.Th>
                <Table.Th>{t('consignation.registre.nom')}</Table.Th>
                <Table.Th>{t('consignation.registre.type')}</Table.Th>
                <Table.Th>{t('consignation.registre.equipement')}</Table.Th>
                <Table.Th>{t('consignation.registre.statut')}</Table.Th>
                <Table.Th>{t('consignation.registre.cadenas')}</Table.Th>
                <Table.Th>{t('consignation.registre.points')}</Table.Th>
                <Table.Th>{t('consignation.registre.attestation')}</Table.Th>
                <Table.Th>{t('consignation.registre.periode')}</Table.Th>
              </>
            }
          >
            {(r) => {
              const expanded = open.has(r.processId);
              const numero = displayNumero(r.numero);
              return (
                <Fragment key={r.processId}>
                  <Table.Tr style={{ cursor: 'pointer' }} onClick={() => openProcess(r.processId)}>
                    <Table.Td>
                      {r.filles.length > 0 && (
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-expanded={expanded}
                          aria-controls={expanded ? r.filles.map((f) => `fille-${r.processId}-${f.processId}`).join(' ') : undefined}
                          aria-label={t('consignation.registre.toggleFilles', { count: r.filles.length, numero })}
                          onClick={(e) => {
                            e.stopPropagation();
                            toggle(r.processId);
                          }}
                        >
                          {expanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                        </ActionIcon>
                      )}
                    </Table.Td>
                    <Table.Td>{numero}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`/app/processus/${r.processId}`} onClick={(e) => e.stopPropagation()}>
                          {r.nomProcess}
                        </Anchor>
                        {r.sequenced && (
                          <Badge size="sm" variant="outline" color="orange.9" leftSection={<IconListNumbers size={12} aria-hidden />}>
                            {t('consignation.registre.sequenced')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {r.typeConsignation ? codeLabel(t, 'typeConsignation', r.typeConsignation, r.nameConsignation) : '—'}
                    </Table.Td>
                    <Table.Td>{r.equipementLibelle ?? '—'}</Table.Td>
                    <Table.Td>
                      <RowChip row={r} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <span aria-hidden>
                          {r.cadenasPoses}/{r.cadenasTotal}
                        </span>
                        <VisuallyHidden>
                          {t('consignation.registre.cadenasCount', { on: r.cadenasPoses, total: r.cadenasTotal })}
                        </VisuallyHidden>
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.points}</Table.Td>
                    <Table.Td>{r.attestationNumero ?? '—'}</Table.Td>
                    <Table.Td>
                      {r.dateDebut || r.dateFin ? `${formatDate(r.dateDebut) || '…'} → ${formatDate(r.dateFin) || '…'}` : '—'}
                    </Table.Td>
                  </Table.Tr>
                  {expanded &&
                    r.filles.map((f) => (
                      <Table.Tr
                        key={f.processId}
                        id={`fille-${r.processId}-${f.processId}`}
                        bg="gray.0"
                        style={{ cursor: 'pointer' }}
                        onClick={() => openProcess(f.processId)}
                      >
                        <Table.Td />
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <IconCornerDownRight size={14} aria-hidden />
                            {displayNumero(f.numero)}
                          </Group>
                        </Table.Td>
                        <Table.Td colSpan={3}>
                          <Anchor component={Link} to={`/app/processus/${f.processId}`} onClick={(e) => e.stopPropagation()}>
                            {t('consignation.registre.fille', { numero: displayNumero(f.numero), mere: numero })}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <StateChip etat={f.etat} codes={codes.data ?? []} />
                        </Table.Td>
                        <Table.Td colSpan={4}>
                          <Text size="sm">
                            {f.ouverte ? t('consignation.registre.filleOuverte') : t('consignation.registre.filleFermee')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Fragment>
              );
            }}
          </DataTable>
        </div>
      </QueryState>
      {registre.data && registre.data.total > 0 && (
        <PaginationBar
          summary={
            registre.data.totalExact
              ? t('consignation.registre.count', { count: registre.data.total, n: registre.data.total.toLocaleString('fr-FR') })
              : t('consignation.registre.countAtLeast', { n: registre.data.total.toLocaleString('fr-FR') })
          }
          total={registre.data.total}
          perPageChoices={PER_PAGE_CHOICES}
          paging={paging}
        />
      )}
    </Stack>
  );
}
