import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import type { ProcessRow } from '../process.repository.ts';
import type { Content } from './pdf-renderer.ts';

/**
 * A printable document of a process (generate_document's `type`): its French name, whether it applies to a process,
 * and its body. The process module frames every document the same way (company, title, number, QR code, page
 * numbers, watermark while unsigned: document-frame.ts); a builder gives only what is inside.
 */
export interface ProcessDocument {
  /** The title printed and offered in the « Documents » menu (« Attestation de consignation »). */
  libelle: string;
  /** The start of the downloaded file's name (« attestation-consignation »), followed by the process number. */
  fileName: string;
  /**
   * Whether this document exists for the process (its workflow's package, its type of lockout, a module's record of
   * it…), read in the request's transaction when it needs to.
   */
  applies(process: ProcessRow, a: { tx: Tx; caller: Caller }): boolean | Promise<boolean>;
  /** The body of the document, read in the request's transaction (row-level security applies). */
  build(tx: Tx, a: DocumentInput): Promise<BuiltDocument>;
}

/** What a builder is given: the caller (its rights apply), the process, and its number as printed (÷ 100). */
export interface DocumentInput {
  caller: Caller;
  process: ProcessRow;
  numero: string;
}

export interface BuiltDocument {
  content: Content;
  /**
   * Set while the document is not yet valid (its signatures are missing): printed across every page, so that a
   * draft cannot pass for the signed document (« NON SIGNÉ »).
   */
  draft?: string | null;
  /**
   * Numbered copies of the same body (the attestation's two copies): each starts on a new page under the head,
   * with its label; one copy without label by default.
   */
  copies?: string[];
  /** Words for the PDF's metadata (searchable in a document manager): the equipment, the padlocks… */
  keywords?: string[];
}

const documents = new Map<string, ProcessDocument>();

/**
 * A module's document of a process, by its kind (generate_document's `type`: 'attestation_consignation',
 * 'permis_feu'…). Registering a kind again replaces it: the module owning the data registers its own builder.
 */
export function registerProcessDocument(kind: string, doc: ProcessDocument): void {
  if (!/^[a-z][a-z0-9_]{1,59}$/.test(kind)) throw new Error(`Type de document invalide : ${kind}`);
  documents.set(kind, doc);
}

/** The document of a kind, or null. */
export function processDocument(kind: string): ProcessDocument | null {
  return documents.get(kind) ?? null;
}

/** Every kind registered that applies to a process, in the order they were registered. */
export async function documentsOf(process: ProcessRow, a: { tx: Tx; caller: Caller }): Promise<{ type: string; doc: ProcessDocument }[]> {
  const out: { type: string; doc: ProcessDocument }[] = [];
  for (const [type, doc] of documents) if (await doc.applies(process, a)) out.push({ type, doc });
  return out;
}

/** Every kind registered (for the French message naming the possible types). */
export function documentKinds(): string[] {
  return [...documents.keys()];
}
