import { useTranslation } from 'react-i18next';
import { equipementChoices } from '../../../lib/equipement-choices.ts';
import { RemoteSelect } from '../../../ui/remote-select.tsx';
import { gammeKeys } from '../gamme.keys.ts';

interface Props {
  label: string;
  value: number | null;
  /** The name of the current value, shown before the options load. */
  valueName: string | null;
  onChange: (id: number | null, name: string | null) => void;
  error?: string;
}

/** Chooses an equipment of the registry (the equipment the person may read, searched on the server as they type). */
export function EquipementSelect({ label, value, valueName, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <RemoteSelect
      label={label}
      placeholder={t('gamme.equipement.placeholder')}
      queryKey={(search) => [...gammeKeys.all, 'equipementOptions', search]}
      load={equipementChoices}
      value={value}
      valueName={valueName}
      onChange={onChange}
      error={error}
    />
  );
}
