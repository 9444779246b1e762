import { CONDITION_OPERATORS, type ConditionOperator, type Etape, type Metrique, STEP_RULE_TYPES } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Alert, Button, Card, Group, List, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../lib/labels.ts';
import { useCurrentSession } from '../../auth/index.ts';
import { entrepriseListQuery } from '../../entreprise/index.ts';
import { useProfilChoices } from '../../profil/index.ts';
import { useServiceModeleChoices } from '../../service-modele/index.ts';
import { useContractorPeople, useUtilisateursLight } from '../../utilisateur/index.ts';
import { useWorkflowMutation } from '../workflow.queries.ts';
import { conditionCandidates, flattenTree, operatorNeedsValue, valueChoices } from '../workflow-editor.util.ts';
import { useEditor } from './editor-context.ts';

type RuleType = (typeof STEP_RULE_TYPES)[number];

/** Who may sign, return or forward the step: who-rules are alternatives, conditions must all hold. */
export function EtapeRules({ etape }: { etape: Etape }) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const session = useCurrentSession();
  const { model, canEdit } = useEditor();
  const own = useUtilisateursLight(session.idCompany);
  // The company's contractors' people may be named too (a contractor's worker as a step's signer).
  const companies = useQuery({ ...entrepriseListQuery(), staleTime: 5 * 60_000, enabled: canEdit });
  const contractors = (companies.data?.find((e) => e.id === session.idCompany)?.partenaires ?? []).filter((p) => p.type === 'prestataire');
  const contractorPeople = useContractorPeople(contractors);
  const users = { data: own.data ? [...own.data, ...contractorPeople] : undefined };
  const profils = useProfilChoices();
  const services = useServiceModeleChoices();
  const create = useWorkflowMutation(API.workflow.autorisationCreate);
  const remove = useWorkflowMutation(API.workflow.autorisationDelete);
  const [type, setType] = useState<RuleType>('validateur');
  const [who, setWho] = useState<string | null>(null);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [operator, setOperator] = useState<ConditionOperator>('equals');
  const [value, setValue] = useState('');

  const fields = flattenTree(model.etapes.flatMap((e) => e.metriques));
  const candidates = conditionCandidates(fields, 0);
  const userName = (id: number | null) => users.data?.find((u) => u.id === id)?.fullName ?? `#${id}`;
  const fieldName = (id: number) => fields.find((f) => f.id === id)?.nom ?? `#${id}`;
  const typeLabel = (r: RuleType) => (r === 'prestataire' ? t('contractor.ruleType') : t(`workflow.rules.types.${r}`));
  const describe = (r: Etape['autorisations'][number]): string => {
    switch (r.type) {
      case 'validateur':
      case 'utilisateur':
        return userName(r.utilisateurId);
      case 'profil':
        return profils.data?.find((p) => p.id === r.profilId)?.libelle ?? `#${r.profilId}`;
      case 'service':
        return services.data?.find((s) => s.id === r.serviceId)?.libelle ?? `#${r.serviceId}`;
      case 'prestataire':
        return t('contractor.ruleDescription');
      case 'condition':
        return r.test
          ? `${fieldName(r.test.metriqueId)} ${t(`workflow.operators.${r.test.operator}`)}${r.test.value !== undefined && r.test.value !== null ? ` « ${String(r.test.value)} »` : ''}`
          : '';
    }
  };

  const whoData =
    type === 'profil'
      ? (profils.data ?? []).map((p) => ({ value: String(p.id), label: p.libelle }))
      : type === 'service'
        ? (services.data ?? []).map((s) => ({ value: String(s.id), label: s.libelle }))
        : (users.data ?? []).map((u) => ({ value: String(u.id), label: u.fullName }));
  const target = candidates.find((f) => f.id === Number(fieldId));
  const choices = valueChoices(target as Metrique | undefined, codeLabel);
  const ready =
    type === 'condition'
      ? Boolean(fieldId) && (!operatorNeedsValue(operator) || value.trim() !== '')
      : type === 'prestataire' || Boolean(who);

  const submit = () => {
    const body =
      type === 'condition'
        ? {
            etapeId: etape.id,
            type,
            test: { metriqueId: Number(fieldId), operator, ...(operatorNeedsValue(operator) ? { value: value.trim() } : {}) },
          }
        : type === 'profil'
          ? { etapeId: etape.id, type, profilId: Number(who) }
          : type === 'service'
            ? { etapeId: etape.id, type, serviceId: Number(who) }
            : type === 'prestataire'
              ? { etapeId: etape.id, type }
              : { etapeId: etape.id, type, utilisateurId: Number(who) };
    create.mutate(
      { body },
      {
        onSuccess: () => {
          setWho(null);
          setFieldId(null);
          setValue('');
        },
      },
    );
  };

  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        {t('workflow.rules.title', { name: etape.nom })}
      </Title>
      <Alert variant="light" color="blue" icon={<IconInfoCircle />} mb="sm">
        {t('workflow.rules.help')}
      </Alert>
      {etape.autorisations.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          {t('workflow.rules.none')}
        </Text>
      ) : (
        <List spacing={4} mb="sm" listStyleType="none" aria-label={t('workflow.rules.list')}>
          {etape.autorisations.map((r) => {
            const label = `${typeLabel(r.type)} : ${describe(r)}`;
            return (
              <List.Item key={r.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{label}</Text>
                  {canEdit && (
                    <ActionIcon
                      size="md"
                      variant="subtle"
                      color="red"
                      aria-label={t('workflow.rules.remove', { rule: label })}
                      loading={remove.isPending && remove.variables?.params?.id === r.id}
                      onClick={() => remove.mutate({ params: { id: r.id } })}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  )}
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      {canEdit && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) submit();
          }}
        >
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap" gap="xs">
              <Select
                size="xs"
                label={t('workflow.rules.type')}
                data={STEP_RULE_TYPES.map((r) => ({ value: r, label: typeLabel(r) }))}
                value={type}
                allowDeselect={false}
                onChange={(v) => {
                  if (!v) return;
                  setType(v as RuleType);
                  setWho(null);
                }}
              />
              {type === 'prestataire' ? (
                <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
                  {t('contractor.ruleHelp')}
                </Text>
              ) : type !== 'condition' ? (
                <Select
                  size="xs"
                  label={t(`workflow.rules.pick.${type}`)}
                  data={whoData}
                  value={who}
                  onChange={setWho}
                  searchable
                  nothingFoundMessage={t('common.nothingFound')}
                  style={{ flex: 1, minWidth: 200 }}
                />
              ) : (
                <>
                  <Select
                    size="xs"
                    label={t('workflow.rules.field')}
                    data={candidates.map((f) => ({ value: String(f.id), label: f.nom }))}
                    value={fieldId}
                    onChange={(v) => {
                      setFieldId(v);
                      setValue('');
                    }}
                    searchable
                    style={{ flex: 1, minWidth: 160 }}
                  />
                  <Select
                    size="xs"
                    label={t('workflow.rules.operator')}
                    data={CONDITION_OPERATORS.map((o) => ({ value: o, label: t(`workflow.operators.${o}`) }))}
                    value={operator}
                    allowDeselect={false}
                    onChange={(v) => v && setOperator(v as ConditionOperator)}
                  />
                  {operatorNeedsValue(operator) &&
                    (choices ? (
                      <Select
                        size="xs"
                        label={t('workflow.rules.value')}
                        data={choices}
                        value={value || null}
                        onChange={(v) => setValue(v ?? '')}
                      />
                    ) : (
                      <TextInput
                        size="xs"
                        label={t('workflow.rules.value')}
                        value={value}
                        onChange={(e) => setValue(e.currentTarget.value)}
                      />
                    ))}
                </>
              )}
              <Button type="submit" size="xs" leftSection={<IconPlus size={14} />} disabled={!ready} loading={create.isPending}>
                {t('workflow.rules.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
