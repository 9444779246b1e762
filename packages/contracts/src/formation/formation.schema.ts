import { z } from 'zod';
import { ref, target } from '../common/references.ts';
import { DateIso, Paging, paged, TEXT_MAX } from '../common/schemas.ts';
import { SymboleCode } from '../qcm/qcm.schema.ts';

export const AVIS = ['favorable', 'defavorable'] as const;
export type Avis = (typeof AVIS)[number];

/** The trainer's avis après formation on one symbol (domain.md §4.4): without a favourable one, no title for it. */
export const AvisApresFormation = z.object({
  symbole: SymboleCode,
  avis: z.enum(AVIS, { message: 'Avis attendu : favorable ou defavorable' }),
});
export type AvisApresFormation = z.infer<typeof AvisApresFormation>;

/** A training (D.1 `formation`, S 87): who, what, which body, when, until when, the avis per symbol. */
export const Formation = z.object({
  id: z.number().int(),
  utilisateurId: z.number().int(),
  utilisateurNom: z.string(),
  intitule: z.string(),
  organisme: z.string(),
  date: z.string(),
  validUntil: z.string().nullable(),
  avisApresFormation: z.array(AvisApresFormation),
  createdAt: z.string(),
});
export type Formation = z.infer<typeof Formation>;

/** save: creates without `id`, else replaces the training's fields and avis. */
export const FormationSave = z
  .object({
    id: target().optional(),
    utilisateurId: ref('utilisateur'),
    intitule: z.string().trim().min(1, "L'intitulé est obligatoire").max(TEXT_MAX.name),
    organisme: z.string().trim().min(1, "L'organisme de formation est obligatoire").max(TEXT_MAX.name),
    date: DateIso,
    validUntil: DateIso.nullable().optional(),
    avisApresFormation: z.array(AvisApresFormation).max(30, '30 avis au plus').default([]),
  })
  .superRefine((f, ctx) => {
    if (f.validUntil && f.validUntil < f.date)
      ctx.addIssue({ code: 'custom', message: 'La fin de validité précède la date de formation.', path: ['validUntil'] });
    const symboles = f.avisApresFormation.map((a) => a.symbole.toUpperCase());
    if (new Set(symboles).size !== symboles.length)
      ctx.addIssue({ code: 'custom', message: 'Un seul avis par symbole.', path: ['avisApresFormation'] });
  });
export type FormationSave = z.input<typeof FormationSave>;

/** Cancels a training entered by mistake: kept, marked cancelled with who, when and why. */
export const FormationCancel = z.object({
  id: target(),
  motif: z.string().trim().min(1, "Le motif de l'annulation est obligatoire").max(TEXT_MAX.comment),
});

export const FormationPageQuery = Paging.extend({ utilisateurId: ref('utilisateur').optional() });
export const FormationPage = paged(Formation);
export type FormationPage = z.infer<typeof FormationPage>;
export const FormationGetsQuery = z.object({ utilisateurId: ref('utilisateur').optional() });
