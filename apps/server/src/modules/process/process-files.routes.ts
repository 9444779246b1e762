import { createReadStream } from 'node:fs';
import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { presentFile } from './process.presenter.ts';
import { fileToDownloadOrThrow } from './use-cases/download-file.ts';
import { uploadFile } from './use-cases/upload-file.ts';

const P = API.process;

export const processFileRoutes: RouteDef[] = [
  route(P.uploadFile, async (ctx, { query }) => {
    const row = await uploadFile(ctx, query.process_id, query.metrique_id);
    return presentFile(row, { id: ctx.caller.userId, nom: '', prenom: '' });
  }),

  route(P.downloadFile, async (ctx, { query }) => {
    const f = await fileToDownloadOrThrow(ctx, query.id);
    const { reply } = ctx;
    reply.header('content-type', f.mime);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.nom)}`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(createReadStream(f.chemin)) as never;
  }),
];
