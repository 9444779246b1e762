import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// pdfmake keeps its fonts per document and pdfkit's PDFFontFactory hands the font's bytes to fontkit.create for every
// document, so fontkit decodes the tables a document reads (cmap, hmtx, loca, post, GSUB, GPOS…) again each time:
// about a third of the CPU time of an attestation. Neither library can be given a parsed font (pdfkit 0.20 takes a
// fontkit Font in doc.font(), but pdfmake 0.3.11 requires pdfkit ^0.19.1 and passes the font through its virtual file
// system, which expects a name).
//
// What is shared here is only the decoded tables, between the fonts fontkit makes from the same bytes (the Roboto
// buffers the renderer registers). A document's font is still made per document with its own glyphs, layout engine,
// layout cache and subset, so a document is laid out and embedded byte for byte as before (process-documents.test.ts:
// same bytes with and without sharing, before and after other documents). Decoded tables are not changed after
// decoding (the subset clones head, hhea and maxp before setting its counts); their lazy parts (LazyArray, lazy
// pointers) read the same bytes through the first font's stream and put its position back.
//
// The hook is TTFFont.prototype._getTable of fontkit 2.0.4 (the method behind every table getter), installed only on
// the versions it was checked against; on any other version, or a shape it does not recognise, fontkit is left as it
// is and documents are only slower (a warning says so once; the test fails, to be looked at on the upgrade).

const CHECKED = { pdfkit: '0.19.1', fontkit: '2.0.4' } as const;

interface TtfFont {
  stream: { buffer: unknown };
  _tables: Record<string, unknown>;
}
type GetTable = (this: TtfFont, table: { tag: string }) => unknown;

/** The decoded tables of each registered font file, by table tag. */
const shared = new WeakMap<object, Map<string, unknown>>();
let state: 'unset' | 'on' | 'off' = 'unset';
let enabled = true;
let hits = 0;

const versionOf = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version;

/** Hooks fontkit as pdfkit loads it (resolved from pdfmake, then from pdfkit); false when the versions differ. */
function install(sample: Uint8Array): boolean {
  const fromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake'));
  const pdfkitMain = fromPdfmake.resolve('pdfkit');
  const fromPdfkit = createRequire(pdfkitMain);
  const fontkitMain = fromPdfkit.resolve('fontkit');
  const pdfkitVersion = versionOf(path.join(path.dirname(pdfkitMain), '..', 'package.json'));
  const fontkitVersion = versionOf(path.join(path.dirname(fontkitMain), '..', 'package.json'));
  if (pdfkitVersion !== CHECKED.pdfkit || fontkitVersion !== CHECKED.fontkit) {
    console.warn(
      `[documents] polices : tables non partagées (pdfkit ${pdfkitVersion}, fontkit ${fontkitVersion} ; vérifié avec ${CHECKED.pdfkit} / ${CHECKED.fontkit})`,
    );
    return false;
  }
  const fontkit = fromPdfkit('fontkit') as { create(buffer: Uint8Array): TtfFont };
  const probe = fontkit.create(sample);
  const proto = Object.getPrototypeOf(probe) as { _getTable?: GetTable };
  const original = proto._getTable;
  if (typeof original !== 'function' || probe.stream?.buffer !== sample || typeof probe._tables !== 'object') {
    console.warn('[documents] polices : fontkit de forme inattendue, tables non partagées');
    return false;
  }
  proto._getTable = function (this: TtfFont, table) {
    const tables = enabled ? shared.get(this.stream.buffer as object) : undefined;
    if (!tables || table.tag in this._tables) return original.call(this, table);
    if (tables.has(table.tag)) {
      hits++;
      this._tables[table.tag] = tables.get(table.tag);
      return this._tables[table.tag];
    }
    const decoded = original.call(this, table);
    // A table fontkit could not decode is left undefined, and is not shared.
    if (decoded !== undefined) tables.set(table.tag, decoded);
    return decoded;
  };
  return true;
}

/**
 * Shares the decoded tables of the fonts made from these buffers (the very objects pdfkit will be given) between
 * documents. Returns whether sharing is in place.
 */
export function shareFontTables(buffers: Uint8Array[]): boolean {
  if (state === 'unset' && buffers.length) state = install(buffers[0]) ? 'on' : 'off';
  if (state !== 'on') return false;
  for (const b of buffers) if (!shared.has(b)) shared.set(b, new Map());
  return true;
}

/** For tests and measures: whether sharing is installed, how many table reads it answered, and a switch. */
export const fontTableSharing = {
  get installed() {
    return state === 'on';
  },
  get hits() {
    return hits;
  },
  set enabled(on: boolean) {
    enabled = on;
  },
  get enabled() {
    return enabled;
  },
};
