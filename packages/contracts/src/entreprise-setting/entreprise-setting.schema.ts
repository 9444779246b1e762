import { z } from 'zod';
import { withChanges } from '../common/schemas.ts';
import { EntrepriseSettingValue, LogicielCode } from '../entreprise/entreprise.schema.ts';
import { DEFAULT_METHOD_CODE, METHOD_CODES } from '../qcm/qcm-rules.ts';

/** entrepriseLogiciel.setting.display: what each software shows for this company. */
export const LogicielDisplay = z.object({
  menu: z.object({ hiddenSlugs: z.array(z.string().max(100)).default([]) }).default({ hiddenSlugs: [] }),
  equipment: z
    .object({
      specificRights: z.boolean().default(false),
      customName: z.string().max(60).nullable().default(null),
      filter: z.boolean().default(false),
    })
    .default({ specificRights: false, customName: null, filter: false }),
  provider: z
    .object({ isShowFournisseurs: z.boolean().default(false), isShowPermissionLists: z.boolean().default(false) })
    .default({ isShowFournisseurs: false, isShowPermissionLists: false }),
  agenda: z.object({ enabled: z.boolean().default(true) }).default({ enabled: true }),
  stock: z.object({ enabled: z.boolean().default(false) }).default({ enabled: false }),
  process: z.object({ isWideSpacePictogram: z.boolean().default(false) }).default({ isWideSpacePictogram: false }),
});
export const EntrepriseLogicielSetting = z.object({ display: LogicielDisplay });

export const EntrepriseLogicielWithSetting = z.object({
  id: z.number().int(),
  logicielId: z.number().int(),
  code: LogicielCode,
  libelle: z.string(),
  active: z.boolean(),
  enable: z.boolean(),
  setting: EntrepriseLogicielSetting,
});

const evaluationFields = {
  seuilReussite: z.number().int().min(0).max(100),
  nbQuestions: z.number().int().min(1).max(200),
  dureeMinutes: z.number().int().min(1).max(600),
  /** Scoring method of new attempts (ticket 14, qcm-rules.ts). */
  methodCode: z.enum(METHOD_CODES, { message: 'Méthode de notation inconnue' }),
};
/** Habilitation evaluation (quiz) settings of a company. */
export const EvaluationSetting = z.object({
  seuilReussite: evaluationFields.seuilReussite.default(80),
  nbQuestions: evaluationFields.nbQuestions.default(20),
  dureeMinutes: evaluationFields.dureeMinutes.default(30),
  methodCode: evaluationFields.methodCode.default(DEFAULT_METHOD_CODE),
});
/**
 * Changes to the evaluation settings: the fields sent only. Not `EvaluationSetting.partial()`, whose defaults would
 * fill the fields not sent and so reset them (ticket 14).
 */
export const EvaluationSettingChanges = z.object(evaluationFields).partial();
/** How new processes are assigned by default. */
export const Affectation = z.object({
  mode: z.enum(['createur', 'service', 'aucune']).default('createur'),
});

export const EntrepriseSettings = z.object({
  entreprise: z.object({ id: z.number().int(), nom: z.string(), setting: EntrepriseSettingValue }),
  entrepriseLogiciels: z.array(EntrepriseLogicielWithSetting),
  evaluationSetting: EvaluationSetting,
  affectation: Affectation,
});
export type EntrepriseSettings = z.infer<typeof EntrepriseSettings>;

export const UpdateEntrepriseLogiciel = withChanges(
  z.object({
    id: z.coerce.number().int().positive(),
    active: z.boolean().optional(),
    setting: EntrepriseLogicielSetting.optional(),
  }),
);
export const UpdateEntrepriseSetting = z.object({
  setting: EntrepriseSettingValue.partial().optional(),
  evaluationSetting: EvaluationSettingChanges.optional(),
  affectation: Affectation.partial().optional(),
});
