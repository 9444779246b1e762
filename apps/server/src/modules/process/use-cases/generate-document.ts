import { displayNumero } from '@app/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { framedDocument } from '../documents/document-frame.ts';
import { documentKinds, documentsOf, processDocument } from '../documents/document-registry.ts';
import { renderPdf } from '../documents/pdf-renderer.ts';
import { peopleByIds } from '../process.repository.ts';
import { companyNameOf } from '../process-documents.repository.ts';
import { sharedProcessOrThrow } from './engine-helpers.ts';

/** A generated document: its bytes and the name it downloads under. */
export interface GeneratedDocument {
  pdf: Buffer;
  fileName: string;
}

/** « attestation-consignation-12.pdf »: the document's name, then the process number (÷ 100, with « - » for a decimal point). */
export function documentFileName(prefix: string, numero: string): string {
  const n = numero.replace(/[\s\u00a0\u202f]/g, '').replace(',', '-');
  return `${prefix}-${n}.pdf`;
}

/** Where the app opens a process (the QR code of its documents): the server's public address, then the screen's path. */
export function processUrl(publicUrl: string, id: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/app/processus/${id}`;
}

/**
 * Generates a document of a process the caller reads (its company's, or a contractor's own): the kind must be
 * registered (400 naming the possible ones) and apply to the process (409). The data is read in the request's
 * transaction; the PDF is rendered in memory, nothing is stored.
 */
export async function generateDocument(
  ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>,
  processId: number,
  kind: string,
): Promise<GeneratedDocument> {
  const { tx, caller } = ctx;
  const doc = processDocument(kind);
  if (!doc) {
    throw new AppError('VALIDATION', `Type de document inconnu : choisissez parmi ${documentKinds().join(', ')}.`, [
      { champ: 'type', message: 'Type de document inconnu.' },
    ]);
  }
  const process = await sharedProcessOrThrow(tx, caller, processId);
  if (!(await doc.applies(process, { tx, caller }))) {
    const possibles = (await documentsOf(process, { tx, caller })).map((d) => d.doc.libelle.toLowerCase());
    throw new AppError(
      'CONFLICT',
      `Le document « ${doc.libelle} » ne s’applique pas à ce processus${possibles.length ? ` (documents possibles : ${possibles.join(', ')})` : ''}.`,
    );
  }
  const numero = displayNumero(process.numero);
  const built = await doc.build(tx, { caller, process, numero });
  const entreprise = await companyNameOf(tx, process.entrepriseId);
  const people = await peopleByIds(tx, [caller.userId]);
  const me = people.get(caller.userId);
  const pdf = await renderPdf(
    framedDocument({
      title: doc.libelle,
      entreprise,
      numero,
      nomProcess: process.nomProcess,
      workflow: process.modeleLibelle,
      url: processUrl(ctx.deps.config.publicUrl, process.id),
      editedAt: new Date(),
      editedBy: me ? `${me.prenom} ${me.nom}` : '',
      draft: built.draft ?? null,
      keywords: built.keywords?.filter(Boolean),
      copies: built.copies,
      content: built.content,
    }),
  );
  return { pdf, fileName: documentFileName(doc.fileName, numero) };
}

/**
 * Whether an Accept header asks for a PDF rather than JSON: application/pdf with a higher weight than
 * application/json (or the same weight, listed first). No header, or « *\/* » alone, keeps JSON.
 */
export function prefersPdf(accept: string | undefined): boolean {
  if (!accept) return false;
  const entries = accept.split(',').map((part, i) => {
    const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    const q = params.find((x) => x.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    return { type, q: Number.isFinite(weight) ? weight : 0, i };
  });
  const best = (type: string) =>
    entries.filter((e) => e.type === type).reduce<{ q: number; i: number } | null>((a, e) => (a && a.q >= e.q ? a : e), null);
  const pdf = best('application/pdf');
  if (!pdf || pdf.q <= 0) return false;
  const json = best('application/json');
  return !json || pdf.q > json.q || (pdf.q === json.q && pdf.i < json.i);
}
