import { Affectation, API, EntrepriseLogicielSetting, type EntrepriseSettings, EvaluationSetting } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { AppError, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { DEFAULT_SETTING } from '../entreprise/entreprise.repository.ts';
import { entreprise, entrepriseLogiciel, logiciel } from '../entreprise/entreprise.tables.ts';

const S = API.entrepriseSetting;

/** All settings of the caller's company, with defaults filled in. */
async function loadSettings(tx: Tx, entrepriseId: number): Promise<EntrepriseSettings> {
  const [e] = await tx.select().from(entreprise).where(eq(entreprise.id, entrepriseId)).for('update');
  const company = foundOrThrow(e, 'Entreprise introuvable.');
  const logs = await tx
    .select({
      id: entrepriseLogiciel.id,
      logicielId: logiciel.id,
      code: logiciel.code,
      libelle: logiciel.libelle,
      active: entrepriseLogiciel.active,
      enable: entrepriseLogiciel.enable,
      setting: entrepriseLogiciel.setting,
    })
    .from(entrepriseLogiciel)
    .innerJoin(logiciel, eq(logiciel.id, entrepriseLogiciel.logicielId))
    .where(eq(entrepriseLogiciel.entrepriseId, entrepriseId))
    .orderBy(asc(logiciel.idx));
  return {
    entreprise: { id: company.id, nom: company.nom, setting: { ...DEFAULT_SETTING, ...(company.setting as object) } },
    entrepriseLogiciels: logs.map((l) => ({
      ...l,
      code: l.code as EntrepriseSettings['entrepriseLogiciels'][number]['code'],
      setting: EntrepriseLogicielSetting.parse({ display: {}, ...(l.setting as object) }),
    })),
    evaluationSetting: EvaluationSetting.parse(company.evaluationSetting ?? {}),
    affectation: Affectation.parse(company.affectation ?? {}),
  };
}

export const entrepriseSettingRoutes: RouteDef[] = [
  route(S.getAll, async ({ tx, caller }) => loadSettings(tx, caller.entrepriseId)),

  route(S.updateEntrepriseLogiciel, async ({ tx, caller }, { body }) => {
    const [row] = await tx
      .select()
      .from(entrepriseLogiciel)
      .where(and(eq(entrepriseLogiciel.id, body.id), eq(entrepriseLogiciel.entrepriseId, caller.entrepriseId)))
      .for('update');
    if (!row) throw notFound('Logiciel introuvable pour cette entreprise.');
    if (body.active && !row.enable) {
      throw new AppError('VALIDATION', "Ce logiciel n'est pas ouvert pour votre entreprise : contactez le support.");
    }
    await tx
      .update(entrepriseLogiciel)
      .set({
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.setting ? { setting: body.setting } : {}),
      })
      .where(eq(entrepriseLogiciel.id, body.id));
    return loadSettings(tx, caller.entrepriseId);
  }),

  route(S.updateEntreprise, async ({ tx, caller }, { body }) => {
    const current = await loadSettings(tx, caller.entrepriseId);
    const setting = { ...current.entreprise.setting, ...body.setting };
    if (!setting.languageCodes.includes(setting.languageCode)) {
      throw new AppError('VALIDATION', 'La langue par défaut doit faire partie des langues de l’entreprise.', [
        { champ: 'setting.languageCode', message: 'Langue absente de la liste' },
      ]);
    }
    if (!Intl.supportedValuesOf('timeZone').includes(setting.timezone) && setting.timezone !== 'UTC') {
      throw new AppError('VALIDATION', 'Fuseau horaire inconnu.', [{ champ: 'setting.timezone', message: setting.timezone }]);
    }
    await tx
      .update(entreprise)
      .set({
        setting,
        evaluationSetting: { ...current.evaluationSetting, ...body.evaluationSetting },
        affectation: { ...current.affectation, ...body.affectation },
      })
      .where(eq(entreprise.id, caller.entrepriseId));
    return loadSettings(tx, caller.entrepriseId);
  }),
];
