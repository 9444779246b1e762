import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { API } from '@app/contracts';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { presentLocalisations } from './localisation.presenter.ts';
import { listLocalisations } from './localisation.repository.ts';
import { createLocalisation } from './use-cases/create-localisation.ts';
import { deleteLocalisation } from './use-cases/delete-localisation.ts';
import { getLocalisation, planImageOrThrow } from './use-cases/get-localisation.ts';
import { updateLocalisation } from './use-cases/update-localisation.ts';
import { uploadPlan } from './use-cases/upload-plan.ts';

const L = API.localisation;

export const localisationRoutes: RouteDef[] = [
  route(L.list, async ({ tx, caller }) => presentLocalisations(caller, await listLocalisations(tx, caller.entrepriseId))),
  route(L.get, async ({ tx, caller }, { params }) => getLocalisation(tx, caller, params.id)),
  route(L.create, async (ctx, { body }) => createLocalisation(ctx, body)),
  route(L.update, async (ctx, { body }) => updateLocalisation(ctx, body)),
  route(L.delete, async ({ tx, caller }, { params }) => deleteLocalisation(tx, caller, params.id)),
  route(L.uploadImage, async (ctx, { params }) => uploadPlan(ctx, params.id)),
  route(L.image, async ({ tx, caller, reply }, { params }) => {
    const img = await planImageOrThrow(tx, caller, params.id);
    try {
      await fs.access(img.chemin);
    } catch {
      throw notFound('Image absente du stockage.');
    }
    reply.header('content-type', img.mime);
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(img.nom)}`);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, max-age=0, must-revalidate');
    return reply.send(createReadStream(img.chemin)) as never;
  }),
];
