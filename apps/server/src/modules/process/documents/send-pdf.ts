import type { FastifyReply } from 'fastify';
import type { GeneratedDocument } from '../use-cases/generate-document.ts';

/** Sends a generated PDF as a download (never cached: it carries signatures and may change at the next signing). */
export function sendPdf(reply: FastifyReply, doc: GeneratedDocument): never {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `attachment; filename="${doc.fileName}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`);
  reply.header('cache-control', 'no-store');
  reply.header('x-content-type-options', 'nosniff');
  return doc.pdf as never;
}
