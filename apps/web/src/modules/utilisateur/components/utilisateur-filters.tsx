import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProfilChoices } from '../../profil/index.ts';
import { useServiceModeleChoices } from '../../service-modele/index.ts';

export interface UtilisateurFilterValues {
  search: string;
  enable: '' | 'true' | 'false';
  serviceId: string | null;
  profilId: string | null;
}

interface Props {
  value: UtilisateurFilterValues;
  onChange: (patch: Partial<UtilisateurFilterValues>) => void;
}

/** Search box (debounced by the page), active/inactive, service and profile filters. */
export function UtilisateurFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const services = useServiceModeleChoices();
  const profils = useProfilChoices();
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap" role="search">
      <TextInput
        label={t('utilisateur.filters.search')}
        placeholder={t('utilisateur.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(e) => onChange({ search: e.currentTarget.value })}
        w={260}
      />
      <div>
        <SegmentedControl
          aria-label={t('utilisateur.filters.state')}
          value={value.enable}
          onChange={(v) => onChange({ enable: v as UtilisateurFilterValues['enable'] })}
          data={[
            { value: '', label: t('utilisateur.filters.all') },
            { value: 'true', label: t('utilisateur.filters.active') },
            { value: 'false', label: t('utilisateur.filters.inactive') },
          ]}
        />
      </div>
      <Select
        label={t('utilisateur.fields.service')}
        placeholder={t('utilisateur.filters.allServices')}
        data={(services.data ?? []).map((s) => ({ value: String(s.id), label: s.libelle }))}
        value={value.serviceId}
        onChange={(v) => onChange({ serviceId: v })}
        clearable
        searchable
        w={200}
      />
      <Select
        label={t('utilisateur.fields.profil')}
        placeholder={t('utilisateur.filters.allProfils')}
        data={(profils.data ?? []).map((p) => ({ value: String(p.id), label: p.libelle }))}
        value={value.profilId}
        onChange={(v) => onChange({ profilId: v })}
        clearable
        w={200}
      />
    </Group>
  );
}
