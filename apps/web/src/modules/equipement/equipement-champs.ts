import { CHAMP_CODES, type ChampCode, type EquipementChamp } from '@app/contracts';

/** How a free field is typed in: a day, a choice among its options, or a text (S 51; unknown type → text, S 117). */
export type ChampInputKind = 'text' | 'date' | 'select';

/** The input of a free field from its configured data type and options. */
export function champInputKind(dataType: string | null | undefined, options: readonly string[] | null | undefined): ChampInputKind {
  if (dataType === 'date') return 'date';
  // A select, or a reference kind (person, company, service…) given its list of choices: picked among them.
  const pickers = ['select', 'personal', 'supplier', 'company service', 'company', 'service'];
  if (dataType && pickers.includes(dataType) && (options?.length ?? 0) > 0) return 'select';
  return 'text';
}

/** null, '', blanks and [] are empty (S 117): the field shows nothing and is sent as null. */
export function isEmptyChamp(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'string') return v.trim() === '' || v.trim() === '[]';
  return false;
}

/** The value to put in the input: empty ones become '' (select: null). */
export function champValue(v: string | null | undefined): string {
  return isEmptyChamp(v) ? '' : (v as string);
}

/** The four fields, configured or not: an unconfigured one is a text named « Champ n ». */
export function champsOf(
  config: readonly EquipementChamp[] | undefined,
): { code: ChampCode; libelle: string; kind: ChampInputKind; options: string[] }[] {
  return CHAMP_CODES.map((code, i) => {
    const c = config?.find((x) => x.code === code);
    const options = Array.isArray(c?.options) ? c.options.filter((o) => typeof o === 'string') : [];
    return { code, libelle: c?.libelle || `Champ ${i + 1}`, kind: champInputKind(c?.dataType, options), options };
  });
}
