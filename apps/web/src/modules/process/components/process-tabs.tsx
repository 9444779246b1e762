import { displayNumero, formatDate, type Metrique, type TreeNodeShape } from '@app/contracts';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { codeLabel } from '../../../lib/labels.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { type ProcessData, useProcessFiles, useProcessLog, useProcessTree } from '../process.queries.ts';
import { ETAT_COLORS, formatDateTime } from '../process.util.ts';
import { downloadUrl, sizeLabel } from './file-field.tsx';
import { ProcessCreateModal } from './process-create-modal.tsx';

/** Every file of the process, with the field it was dropped in. */
export function FilesTab({ process: p, fields }: { process: ProcessData; fields: readonly Metrique[] }) {
  const { t } = useTranslation();
  const files = useProcessFiles(p.id);
  return (
    <QueryState query={files}>
      <DataTable
        minWidth={600}
        striped
        aria-label={t('process.tabs.files')}
        rows={files.data}
        columns={5}
        skeletonRows={2}
        emptyPadding="md"
        empty={t('process.files.empty')}
        head={
          <>
            <Table.Th>{t('process.files.name')}</Table.Th>
            <Table.Th>{t('process.files.field')}</Table.Th>
            <Table.Th>{t('process.files.size')}</Table.Th>
            <Table.Th>{t('process.files.by')}</Table.Th>
            <Table.Th>{t('process.files.date')}</Table.Th>
          </>
        }
      >
        {(f) => (
          <Table.Tr key={f.id}>
            <Table.Td>
              <Anchor href={downloadUrl(f.id)} download={f.nom}>
                {f.nom}
              </Anchor>
            </Table.Td>
            <Table.Td>{fields.find((m) => m.id === f.metriqueId)?.nom ?? `#${f.metriqueId}`}</Table.Td>
            <Table.Td>{sizeLabel(f.taille)}</Table.Td>
            <Table.Td>{f.uploadedBy ? `${f.uploadedBy.prenom} ${f.uploadedBy.nom}` : '—'}</Table.Td>
            <Table.Td>{formatDate(f.uploadedAt)}</Table.Td>
          </Table.Tr>
        )}
      </DataTable>
    </QueryState>
  );
}

/** The process's journal: who did what, when, on which step (oldest first). */
export function JournalTab({ process: p }: { process: ProcessData }) {
  const { t } = useTranslation();
  const log = useProcessLog(p.id, true);
  const stepName = (ordre: number | null) => {
    if (ordre === null) return '—';
    const s = p.steps.find((x) => x.ordre === ordre);
    return s ? `${ordre}. ${s.nom}` : String(ordre);
  };
  const detail = (after: unknown) => {
    const a = (after ?? {}) as { motif?: unknown };
    return typeof a.motif === 'string' && a.motif ? t('process.journal.motif', { motif: a.motif }) : '';
  };
  return (
    <QueryState query={log}>
      <DataTable
        minWidth={600}
        striped
        aria-label={t('process.tabs.journal')}
        rows={log.data}
        columns={4}
        skeletonRows={3}
        emptyPadding="md"
        empty={t('process.journal.empty')}
        head={
          <>
            <Table.Th>{t('process.journal.at')}</Table.Th>
            <Table.Th>{t('process.journal.who')}</Table.Th>
            <Table.Th>{t('process.journal.action')}</Table.Th>
            <Table.Th>{t('process.journal.step')}</Table.Th>
          </>
        }
      >
        {(e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{formatDateTime(e.at)}</Table.Td>
            <Table.Td>{e.utilisateur ? `${e.utilisateur.prenom} ${e.utilisateur.nom}` : '—'}</Table.Td>
            <Table.Td>
              {codeLabel(t, 'action', e.action, t('review.actionOther', { action: e.action }))}
              {detail(e.after) && (
                <Text span size="xs" c="gray.7">
                  {' '}
                  ({detail(e.after)})
                </Text>
              )}
            </Table.Td>
            <Table.Td>{stepName(e.etapeOrdre)}</Table.Td>
          </Table.Tr>
        )}
      </DataTable>
    </QueryState>
  );
}

function TreeList({ nodes, currentId }: { nodes: TreeNodeShape[]; currentId: number }) {
  const { t } = useTranslation();
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
      {nodes.map((n) => (
        <li key={n.id}>
          <Group gap="xs" py={2}>
            {n.id === currentId ? (
              <Text fw={700} size="sm" aria-current="page">
                {displayNumero(n.numero)} — {n.nomProcess}
              </Text>
            ) : (
              <Anchor component={Link} to={`/app/processus/${n.id}`} size="sm">
                {displayNumero(n.numero)} — {n.nomProcess}
              </Anchor>
            )}
            <Badge size="xs" variant="light" color={ETAT_COLORS[n.etat]}>
              {codeLabel(t, 'etat', n.etat)}
            </Badge>
          </Group>
          {n.children.length > 0 && <TreeList nodes={n.children} currentId={currentId} />}
        </li>
      ))}
    </ul>
  );
}

/** The tree of the process (from its root), and the creation of a sub-process. */
export function SubProcessTab({ process: p, canCreate }: { process: ProcessData; canCreate: boolean }) {
  const { t } = useTranslation();
  const tree = useProcessTree(p.id, true);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="gray.7">
          {t('process.tree.help')}
        </Text>
        {canCreate && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            {t('process.tree.create')}
          </Button>
        )}
      </Group>
      <QueryState query={tree}>
        {!tree.data ? (
          <Text c="gray.7" size="sm">
            {t('common.loading')}
          </Text>
        ) : (
          <nav aria-label={t('process.tabs.tree')}>
            <TreeList nodes={[tree.data]} currentId={p.id} />
          </nav>
        )}
      </QueryState>
      {tree.data && tree.data.children.length === 0 && tree.data.id === p.id && (
        <Text size="sm" c="gray.7" mt="xs">
          {t('process.tree.none')}
        </Text>
      )}
      <ProcessCreateModal opened={creating} onClose={() => setCreating(false)} parentId={p.id} />
    </>
  );
}
