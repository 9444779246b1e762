import { z } from 'zod';
import { NIVEAUX, type Niveau } from './gamme-rules.ts';

/**
 * The workflow engine's reading fields (S 47): `gamme_releves` embeds a whole reading round of a gamme in a step;
 * `etape_gamme_releves` embeds one part of it (the points chosen in the field's settings). Their settings live in
 * the field's `propertyValues` (`gammeId`, and for a part `gammePointIds`); their value is the summary of the
 * readings recorded for the process (built by the server from the recorded rows, never trusted from the client).
 */
export const ROUND_FIELD_KINDS = ['gamme_releves', 'etape_gamme_releves'] as const;
export type RoundFieldKind = (typeof ROUND_FIELD_KINDS)[number];
export const isRoundField = (dataType: string): dataType is RoundFieldKind => (ROUND_FIELD_KINDS as readonly string[]).includes(dataType);

/** A field's round settings, as read from its propertyValues (null when no gamme is set). */
export interface RoundFieldConfig {
  gammeId: number;
  /** The points the field covers: all the gamme's points when null (gamme_releves, or a part with none chosen). */
  pointIds: number[] | null;
}

const positiveInt = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);

export function roundFieldConfig(dataType: string, propertyValues: Record<string, unknown> | null | undefined): RoundFieldConfig | null {
  if (!isRoundField(dataType)) return null;
  const gammeId = positiveInt(propertyValues?.gammeId);
  if (gammeId === null) return null;
  const raw = dataType === 'etape_gamme_releves' ? propertyValues?.gammePointIds : null;
  const ids = Array.isArray(raw) ? raw.map(positiveInt).filter((x): x is number => x !== null) : [];
  return { gammeId, pointIds: ids.length ? [...new Set(ids)] : null };
}

/** Whether a point of a gamme is one the field takes (its gamme, and among the chosen points for a part). */
export function fieldCoversPoint(config: RoundFieldConfig | null, point: { id: number; gammeId: number }): boolean {
  if (!config || config.gammeId !== point.gammeId) return false;
  return config.pointIds === null || config.pointIds.includes(point.id);
}

/** The points of the gamme a field shows, in the gamme's order (points removed since are left out). */
export function pointsOfField<P extends { id: number; gammeId: number }>(config: RoundFieldConfig | null, ordered: readonly P[]): P[] {
  return ordered.filter((p) => fieldCoversPoint(config, p));
}

/** One recorded reading as the field's value keeps it (the signature and the journal show it as text). */
export const RoundFieldLine = z.object({
  releveId: z.number().int(),
  metriqueId: z.number().int(),
  point: z.string(),
  valeur: z.string().nullable(),
  unite: z.string().nullable(),
  niveau: z.enum(NIVEAUX),
  comment: z.string().nullable(),
});
export type RoundFieldLine = z.infer<typeof RoundFieldLine>;

/** The value of a reading field: the summary of the round recorded for the process. */
export const RoundFieldValue = z.object({
  gammeId: z.number().int(),
  /** The readings of the round (the ids the server recorded). */
  releveIds: z.array(z.number().int()),
  count: z.number().int(),
  /** How many readings are out of range (warning or alarm). */
  outOfRange: z.number().int(),
  lignes: z.array(RoundFieldLine),
});
export type RoundFieldValue = z.infer<typeof RoundFieldValue>;

/** What a client sends as the field's value once the round is recorded: the gamme and the readings' ids. */
export const RoundFieldInput = z.object({
  gammeId: z.coerce.number().int().positive(),
  releveIds: z.array(z.coerce.number().int().positive()).min(1).max(500),
});

/** The summary of a round from its recorded readings (in the order given). */
export function roundSummary(gammeId: number, lignes: RoundFieldLine[]): RoundFieldValue {
  return {
    gammeId,
    releveIds: lignes.map((l) => l.releveId),
    count: lignes.length,
    outOfRange: lignes.filter((l) => l.niveau !== ('ok' satisfies Niveau)).length,
    lignes,
  };
}

/** The value as one line of text per reading (« Pression : 8,2 bar (alerte) — commentaire »). */
export function roundSummaryText(v: unknown, niveauLabel: (n: Niveau) => string = (n) => n): string {
  const parsed = RoundFieldValue.safeParse(v);
  if (!parsed.success) return '';
  return parsed.data.lignes
    .map((l) => {
      const valeur = l.valeur === null ? '—' : `${l.valeur.replace('.', ',')}${l.unite ? ` ${l.unite}` : ''}`;
      const niveau = l.niveau === 'ok' ? '' : ` (${niveauLabel(l.niveau)})`;
      return `${l.point} : ${valeur}${niveau}${l.comment ? ` — ${l.comment}` : ''}`;
    })
    .join('\n');
}
