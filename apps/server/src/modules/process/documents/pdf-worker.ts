import { type DocDefinition, renderHere } from './pdf-core.ts';

/** A task of the pool (pdf-renderer.ts): a definition in, the PDF's bytes out. */
export default async function render(doc: DocDefinition): Promise<Uint8Array> {
  return new Uint8Array(await renderHere(doc));
}
