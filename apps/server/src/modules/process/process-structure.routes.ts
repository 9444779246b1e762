import { API } from '@app/contracts';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { presentMetrique } from '../workflow/index.ts';
import { sendPdf } from './documents/send-pdf.ts';
import { presentFile, presentProcess, presentReport, presentStepDetail, presentSynthese, presentTabs } from './process.presenter.ts';
import { fieldsOfModele, fieldsOfStep, journalOf, loadEngineState, stepOfModele, stepsOfModele } from './process.repository.ts';
import { filesOf } from './process-files.repository.ts';
import { liveSignatures } from './process-signatures.repository.ts';
import { processesWithChildren, sequencingList } from './process-structure.repository.ts';
import { addSequencing } from './use-cases/add-sequencing.ts';
import { assignParents } from './use-cases/assign-parents.ts';
import { sharedProcessOrThrow } from './use-cases/engine-helpers.ts';
import { generateDocument, prefersPdf } from './use-cases/generate-document.ts';
import { getInformationControls } from './use-cases/get-information-controls.ts';
import { getProcessTree } from './use-cases/get-process-tree.ts';
import { listParents } from './use-cases/list-parents.ts';
import { removeFile } from './use-cases/remove-file.ts';
import { removeSequencing } from './use-cases/remove-sequencing.ts';
import { saveStepState } from './use-cases/save-step-state.ts';

const P = API.process;

export const processStructureRoutes: RouteDef[] = [
  route(P.etatEtape, async ({ tx, caller }, { body }) => {
    const p = await sharedProcessOrThrow(tx, caller, body.process_id);
    return presentStepDetail(await loadEngineState(tx, p), await stepsOfModele(tx, p.processModeleId), (s) => s.ordre === body.etape_ordre);
  }),

  route(P.saveEtatEtape, async (ctx, { body }) => {
    const { process, state } = await saveStepState(ctx, body.process_id, body.etape_id, body.etat);
    return presentStepDetail(state, await stepsOfModele(ctx.tx, process.processModeleId), (s) => s.etapeId === body.etape_id);
  }),

  route(P.detectValidated, async ({ tx, caller }, { params }) => {
    const p = await sharedProcessOrThrow(tx, caller, params.processId);
    const rec = (await loadEngineState(tx, p)).steps.find((s) => s.ordre === params.etapeOrdre);
    if (!rec) throw notFound('Étape introuvable dans ce processus.');
    return { validated: rec.isValid, dateRealise: rec.dateRealise };
  }),

  route(P.lackingSignatures, async ({ tx, caller }, { body }) => {
    const p = await sharedProcessOrThrow(tx, caller, body.process_id);
    const s = await stepOfModele(tx, p.processModeleId, body.etape_id);
    if (!s) throw notFound('Étape introuvable dans ce processus.');
    const sigs = await liveSignatures(tx, p.id);
    const fields = (await fieldsOfModele(tx, p.processModeleId)).filter((f) => f.etapeId === s.id && f.dataType === 'signature');
    return fields.filter((f) => !sigs.some((x) => x.s.metriqueId === f.id)).map((f) => presentMetrique(f, s.ordre));
  }),

  route(P.multiTabs, async ({ tx, caller }, { query }) => {
    const p = await sharedProcessOrThrow(tx, caller, query.process_id);
    const s = await stepOfModele(tx, p.processModeleId, query.step_id);
    if (!s) throw notFound('Étape introuvable dans ce processus.');
    return presentTabs(s, await fieldsOfStep(tx, s.id));
  }),

  route(P.report, async (ctx, { params, query }) => {
    // JSON for the app and the tests; the PDF report when asked (?format=pdf, or a client accepting PDF rather than JSON).
    if (query.format === 'pdf' || (query.format !== 'json' && prefersPdf(ctx.req.headers.accept))) {
      return sendPdf(ctx.reply, await generateDocument(ctx, params.id, 'rapport'));
    }
    const p = await sharedProcessOrThrow(ctx.tx, ctx.caller, params.id);
    return presentReport(await presentProcess(ctx.tx, ctx.caller, p), await fieldsOfModele(ctx.tx, p.processModeleId));
  }),

  route(P.synthese, async ({ tx, caller }, { body }) => {
    const p = await sharedProcessOrThrow(tx, caller, body.id);
    return presentSynthese(await presentProcess(tx, caller, p), await fieldsOfModele(tx, p.processModeleId));
  }),

  route(P.assignParents, async (ctx, { body }) => {
    await assignParents(ctx, body.processIds, body.parentId);
    return { message: 'Rattachement enregistré avec succès.' };
  }),

  route(P.parents, async (ctx, { params }) => listParents(ctx, params.id)),
  route(P.allParents, async ({ tx, caller }) => processesWithChildren(tx, caller.entrepriseId)),
  route(P.tree, async (ctx, { query }) => getProcessTree(ctx, query.id)),

  route(P.sequencingCreate, async (ctx, { body }) => {
    const row = await addSequencing(ctx, body.processId, body.lockedByProcessId);
    return { id: row.id, processId: row.processId, lockedByProcessId: row.lockedByProcessId };
  }),

  route(P.sequencingGet, async ({ tx, caller }, { query }) => {
    await sharedProcessOrThrow(tx, caller, query.processId);
    return sequencingList(tx, query.processId);
  }),

  route(P.sequencingDelete, async (ctx, { params }) => {
    const id = await removeSequencing(ctx, params.id);
    return { message: 'Séquencement supprimé avec succès.', id };
  }),

  route(P.files, async ({ tx, caller }, { query }) => {
    await sharedProcessOrThrow(tx, caller, query.process_id);
    return (await filesOf(tx, query.process_id, query.metrique_id)).map((f) => presentFile(f, f.uploadedBy));
  }),

  route(P.removeFile, async (ctx, { query }) => {
    const id = await removeFile(ctx, query.id);
    return { message: 'Fichier supprimé avec succès.', id };
  }),

  route(P.log, async ({ tx, caller }, { params }) => {
    await sharedProcessOrThrow(tx, caller, params.processId);
    return journalOf(tx, params.processId, params.etapeId || null);
  }),

  route(API.workflow.informationControls, async (ctx, { params, query }) => getInformationControls(ctx, params.id, query.processId)),
];
