import { displayNumero } from '@app/contracts';
import type { Ctx } from '../../../platform/http/route.ts';
import { documentsOf } from '../documents/document-registry.ts';
import { sharedProcessOrThrow } from './engine-helpers.ts';
import { documentFileName } from './generate-document.ts';

/** The documents that apply to a process the caller reads, in the order they were registered. */
export async function listDocuments(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number) {
  const p = await sharedProcessOrThrow(ctx.tx, ctx.caller, processId);
  const numero = displayNumero(p.numero);
  return (await documentsOf(p, ctx)).map(({ type, doc }) => ({
    type,
    libelle: doc.libelle,
    fileName: documentFileName(doc.fileName, numero),
  }));
}
