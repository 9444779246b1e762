import { API, abilitiesOn, instance, messageRefus, type Symbole, type TitreHabilitation } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import {
  holdersOf,
  listSymboles,
  loadTitres,
  matrixEntreprises,
  recyclageDefaut,
  saveRecyclageDefaut,
  visitesList,
  visitesPage,
} from './habilitation.repository.ts';
import { checkPerson } from './use-cases/check-signer.ts';
import { deleteTitre, renewTitre, revokeTitreOf } from './use-cases/close-titre.ts';
import { deleteSymbole } from './use-cases/delete-symbole.ts';
import { habilitationMatrix } from './use-cases/matrix.ts';
import { habilitationsOfProcess, removeProcessHabilitationOf, updateProcessHabilitations } from './use-cases/process-habilitations.ts';
import { createSymbole, updateSymboleOf } from './use-cases/save-symbole.ts';
import { createTitre, titreOrThrow, updateTitre } from './use-cases/save-titre.ts';
import { cancelVisite, createVisite, updateVisite } from './use-cases/save-visite.ts';
import { signTitre } from './use-cases/sign-titre.ts';

const H = API.habilitation;

const symbole = (caller: Caller) => (s: Omit<Symbole, 'abilities'>) => ({
  ...s,
  abilities: abilitiesOn(caller.ability, 'Habilitation', s),
});
const titre = (caller: Caller) => (t: TitreHabilitation) => ({ ...t, abilities: abilitiesOn(caller.ability, 'Habilitation', t) });

export const habilitationRoutes: RouteDef[] = [
  // The holders of a company: the caller's, one of its contractors' (partner read policy), any for a super admin.
  route(H.habilitationsOfEntreprise, async ({ tx, caller, useCompany }, { params }) => {
    if (params.id !== caller.entrepriseId) {
      if (caller.isSuperAdmin) await useCompany(params.id);
      else if (!(await matrixEntreprises(tx, caller.entrepriseId)).some((e) => e.id === params.id))
        throw notFound('Entreprise introuvable.');
    }
    return holdersOf(tx, params.id);
  }),
  route(H.habilitationsOfMyEntreprise, async ({ tx, caller }) => holdersOf(tx, caller.entrepriseId)),

  route(H.symboles, async ({ tx, caller }, { query }) =>
    (await listSymboles(tx, caller.entrepriseId, { actif: query.actif === undefined ? undefined : query.actif === 'true' })).map(
      symbole(caller),
    ),
  ),
  route(H.symboleCreate, async (ctx, { body }) => symbole(ctx.caller)(await createSymbole(ctx, body))),
  route(H.symboleUpdate, async (ctx, { body }) => symbole(ctx.caller)(await updateSymboleOf(ctx, body))),
  route(H.symboleDelete, async (ctx, { params }) => deleteSymbole(ctx, params.id)),
  route(H.settingGet, async ({ tx, caller }) => ({ recyclageMois: await recyclageDefaut(tx, caller.entrepriseId) })),
  route(H.settingUpdate, async ({ tx, caller }, { body }) => {
    await saveRecyclageDefaut(tx, caller.entrepriseId, body.recyclageMois);
    return { recyclageMois: await recyclageDefaut(tx, caller.entrepriseId) };
  }),
  route(H.matrix, async (ctx, { query }) => habilitationMatrix(ctx, query)),
  // Someone else's check tells about their medical follow-up: for those who issue titles or read medical data.
  route(H.gate, async ({ tx, caller }, { query }) => {
    const own = { entrepriseId: caller.entrepriseId };
    if (
      query.utilisateurId !== caller.userId &&
      !caller.ability.can('update', instance('Habilitation', own)) &&
      !caller.ability.can('read', instance('SuiviMedical', own))
    )
      throw new AppError(
        'FORBIDDEN',
        "Seuls ceux qui délivrent les titres ou suivent les visites médicales vérifient l'habilitation d'une autre personne.",
      );
    const requis = [
      ...new Set(
        query.codes
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ].slice(0, 20);
    const r = await checkPerson(tx, { utilisateurId: query.utilisateurId, requis, at: new Date() });
    return r.ok ? { ok: true, raisons: [], message: null } : { ok: false, raisons: r.raisons, message: messageRefus(requis, r.raisons) };
  }),

  route(H.titres, async ({ tx, caller }, { query }) => {
    const { items, total } = await loadTitres(tx, caller.entrepriseId, query);
    return { items: items.map(titre(caller)), total, offset: query.offset, perPage: query.perPage };
  }),
  route(H.titre, async (ctx, { params }) => titre(ctx.caller)(await titreOrThrow(ctx, params.id))),
  route(H.titreCreate, async (ctx, { body }) => titre(ctx.caller)(await createTitre(ctx, body))),
  route(H.titreUpdate, async (ctx, { body }) => titre(ctx.caller)(await updateTitre(ctx, body))),
  route(H.titreSignEmployeur, async (ctx, { body }) => titre(ctx.caller)(await signTitre(ctx, body, 'employeur'))),
  route(H.titreSignTitulaire, async (ctx, { body }) => titre(ctx.caller)(await signTitre(ctx, body, 'titulaire'))),
  route(H.titreRevoke, async (ctx, { body }) => titre(ctx.caller)(await revokeTitreOf(ctx, body))),
  route(H.titreRenew, async (ctx, { body }) => titre(ctx.caller)(await renewTitre(ctx, body))),
  route(H.titreDelete, async (ctx, { params }) => deleteTitre(ctx, params.id)),

  route(H.processHabilitations, async (ctx, { query }) => habilitationsOfProcess(ctx, query.processId)),
  route(H.processHabilitationUpdate, async (ctx, { body }) => updateProcessHabilitations(ctx, body)),
  route(H.processHabilitationRemove, async (ctx, { body }) => removeProcessHabilitationOf(ctx, body.id)),

  route(H.visitesPage, async ({ tx, caller }, { query }) => {
    const { items, total } = await visitesPage(tx, caller.entrepriseId, query);
    return { items, total, offset: query.offset, perPage: query.perPage };
  }),
  route(H.visites, async ({ tx, caller }, { query }) => visitesList(tx, caller.entrepriseId, query.utilisateurId)),
  route(H.visiteCreate, async (ctx, { body }) => createVisite(ctx, body)),
  route(H.visiteUpdate, async (ctx, { body }) => updateVisite(ctx, body)),
  route(H.visiteCancel, async (ctx, { body }) => cancelVisite(ctx, body)),
];
