import { API } from '@app/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { sendPdf } from './documents/send-pdf.ts';
import { generateDocument } from './use-cases/generate-document.ts';
import { listDocuments } from './use-cases/list-documents.ts';

const P = API.process;

export const processDocumentRoutes: RouteDef[] = [
  route(
    P.generateDocument,
    async (ctx, { query }) => {
      const id = query.processId ?? query.process_id;
      if (!id) {
        throw new AppError('VALIDATION', 'Processus manquant : processId.', [
          { champ: 'processId', message: 'Le processus est obligatoire.' },
        ]);
      }
      return sendPdf(ctx.reply, await generateDocument(ctx, id, query.type));
    },
    { readOnly: true },
  ),
  route(P.documentTypes, async (ctx, { query }) => listDocuments(ctx, query.process_id), { readOnly: true }),
];
