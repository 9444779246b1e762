import {
  ETAT_CONSIGNATION_LABELS,
  ETATS_CONSIGNATION,
  type EtatConsignation,
  OPERATION_LABELS,
  OPERATIONS_CONSIGNATION,
  type OperationConsignation,
  ROLE_HABILITATIONS,
  ROLE_LABELS,
  ROLES_CONSIGNATION,
  type RoleConsignation,
  refusRoleEtape,
} from '@app/contracts';
import { Alert, Fieldset, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A step's lockout settings (EtapeConsignationConfig): who signs it, the state its validation moves the lockout to and
 * the operation its signature records.
 */
export interface LockoutStep {
  roleConsignation: RoleConsignation | null;
  transitionConsignation: EtatConsignation | null;
  operationConsignation: OperationConsignation | null;
}

/** The lockout settings of a step config, read leniently: an unknown value counts as none. */
export function lockoutStepOf(config: Record<string, unknown>): LockoutStep {
  const role = config.roleConsignation;
  const etat = config.transitionConsignation;
  const operation = config.operationConsignation;
  return {
    roleConsignation: (ROLES_CONSIGNATION as readonly unknown[]).includes(role) ? (role as RoleConsignation) : null,
    transitionConsignation: (ETATS_CONSIGNATION as readonly unknown[]).includes(etat) ? (etat as EtatConsignation) : null,
    operationConsignation: (OPERATIONS_CONSIGNATION as readonly unknown[]).includes(operation)
      ? (operation as OperationConsignation)
      : null,
  };
}

interface Props {
  value: LockoutStep;
  onChange: (value: LockoutStep) => void;
  /** The step's required symbols (the habilitation choice beside): a role fills them with its own. */
  requiredSymbols: readonly string[];
  onRequiredSymbols: (codes: string[]) => void;
  disabled?: boolean;
}

/**
 * « Consignation » of a lockout workflow's step: the NF C18-510 role that signs it (chargé de consignation, de
 * travaux, d'exploitation, de manœuvre — choosing one puts its symbols in « Habilitations requises »), the lockout
 * state the step's validation leads to and the operation its signature records. Warns when the symbols no longer
 * include the role's.
 */
export function LockoutStepInput({ value, onChange, requiredSymbols, onRequiredSymbols, disabled }: Props) {
  const { t } = useTranslation();
  const refusal = refusRoleEtape({ roleConsignation: value.roleConsignation, habilitationsRequises: [...requiredSymbols] });
  return (
    <Fieldset legend={t('consignation.step.legend')} variant="filled" p="xs">
      <Group align="flex-start" wrap="wrap" grow>
        <Select
          label={t('consignation.step.role')}
          description={t('consignation.step.roleHelp')}
          placeholder={t('consignation.step.none')}
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={ROLES_CONSIGNATION.map((r) => ({
            value: r,
            label: ROLE_HABILITATIONS[r].length ? `${ROLE_LABELS[r]} (${ROLE_HABILITATIONS[r].join(', ')})` : ROLE_LABELS[r],
          }))}
          value={value.roleConsignation}
          onChange={(r) => {
            const role = (r as RoleConsignation | null) ?? null;
            onChange({ ...value, roleConsignation: role });
            if (role && ROLE_HABILITATIONS[role].length) onRequiredSymbols([...ROLE_HABILITATIONS[role]]);
          }}
          disabled={disabled}
          miw={220}
        />
        <Select
          label={t('consignation.step.transition')}
          description={t('consignation.step.transitionHelp')}
          placeholder={t('consignation.step.none')}
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={ETATS_CONSIGNATION.map((e) => ({ value: e, label: ETAT_CONSIGNATION_LABELS[e] }))}
          value={value.transitionConsignation}
          onChange={(e) => onChange({ ...value, transitionConsignation: (e as EtatConsignation | null) ?? null })}
          disabled={disabled}
          miw={220}
        />
        <Select
          label={t('consignation.step.operation')}
          description={t('consignation.step.operationHelp')}
          placeholder={t('consignation.step.none')}
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={OPERATIONS_CONSIGNATION.map((o) => ({ value: o, label: OPERATION_LABELS[o] }))}
          value={value.operationConsignation}
          onChange={(o) => onChange({ ...value, operationConsignation: (o as OperationConsignation | null) ?? null })}
          disabled={disabled}
          miw={220}
        />
      </Group>
      {refusal && (
        <Alert color="orange" variant="light" mt="xs" role="status">
          {refusal}
        </Alert>
      )}
    </Fieldset>
  );
}
