import { criticite } from '@app/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Dark enough for white text at badge size (contrast ≥ 4.5:1).
const COLORS = { faible: '#1b5e20', moyen: '#8a3c00', eleve: '#a51d1d' } as const;

/** G × F with its zone (faible, moyen, élevé) against the company's scales; a dash while G or F is missing. */
export function CriticiteBadge({ g, f, maxG, maxF }: { g: number | null; f: number | null; maxG: number; maxF: number }) {
  const { t } = useTranslation();
  const c = criticite(g, f, maxG, maxF);
  if (!c) return <span>—</span>;
  return (
    <Badge color={COLORS[c.niveau]} variant="filled">
      {c.valeur} · {t(`risque.niveau.${c.niveau}`)}
    </Badge>
  );
}
