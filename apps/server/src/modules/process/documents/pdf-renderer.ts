import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import type { DocDefinition } from './pdf-core.ts';

export type { DocDefinition } from './pdf-core.ts';
/** A piece of pdfmake content: a text, or a node (stack, table, columns, image, qr…), plain data (pdf-core.ts). */
export type Content = string | Record<string, unknown> | Content[];

// A PDF takes tens of milliseconds of CPU in one piece (layout, fonts, compression): rendered on the event loop, it
// holds back every other request meanwhile, and one thread renders one document at a time. So documents render in a
// small pool of worker threads, one per core (at most 2): two documents at once on two cores, and the event loop only
// waits for the bytes. The pool starts with the first document; one worker then stays (starting one costs more than a
// document: tsx, pdfmake, the fonts), the second stops after a minute without work. An idle worker does not keep the
// process alive.
const THREADS = Math.max(1, Math.min(2, availableParallelism()));
let pool: Tinypool | null = null;

function poolOf(): Tinypool {
  pool ??= new Tinypool({
    filename: new URL('./pdf-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: THREADS,
    idleTimeout: 60_000,
  });
  return pool;
}

/**
 * Renders a document definition to the bytes of a PDF (A4 unless the definition says otherwise) in a worker thread.
 * The definition is plain data (named table layouts, `pageFooter`): pdf-core.ts.
 */
export async function renderPdf(doc: DocDefinition): Promise<Buffer> {
  let bytes: Uint8Array;
  try {
    bytes = await poolOf().run(doc);
  } catch (e) {
    if (e instanceof Error && e.name === 'DataCloneError') {
      throw new Error(
        'A document definition must be plain data to reach the PDF worker: name a table layout (pdf-core.ts TABLE_LAYOUTS), give the footer as pageFooter, no function.',
        { cause: e },
      );
    }
    throw e;
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Renders in the calling thread (measures; the check that a worker renders the same bytes). pdfmake is loaded here only
 * then: the server's own thread does not load it.
 */
export async function renderPdfHere(doc: DocDefinition): Promise<Buffer> {
  return (await import('./pdf-core.ts')).renderHere(doc);
}
