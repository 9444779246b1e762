import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import { shareFontTables } from './font-tables.ts';

/** A pdfmake document definition (content, styles, page setup), as pdfmake reads it. */
export type DocDefinition = Record<string, unknown>;
/** A piece of pdfmake content: a text, or a node (stack, table, columns, image, qr…). */
export type Content = string | Record<string, unknown> | Content[];

const FACES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

let ready = false;

/**
 * Loads the Roboto faces pdfmake ships (node_modules/pdfmake/fonts) into its in-memory file system once (their decoded
 * tables shared between documents: font-tables.ts), and closes
 * every other way in: nothing is fetched from the network nor read from the disk while a document renders (a
 * signature is a data URL; an image path or URL in a value is refused by the policies).
 */
function setUp(): void {
  if (ready) return;
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  for (const file of Object.values(FACES)) {
    if (!pdfmake.virtualfs.existsSync(file)) pdfmake.virtualfs.writeFileSync(file, fs.readFileSync(path.join(dir, file)));
  }
  // Parsed once for the process, not once per document (font-tables.ts).
  shareFontTables(Object.values(FACES).map((file) => pdfmake.virtualfs.readFileSync(file)));
  pdfmake.setFonts({ Roboto: { ...FACES } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  ready = true;
}

/** The definition with every image replaced by a short text; null when it has none. */
function withoutImages(doc: DocDefinition): DocDefinition | null {
  let found = false;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    if ('image' in v) {
      found = true;
      return { text: '(image non reproductible)', italics: true, fontSize: 8 };
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  const out = { ...doc, content: walk(doc.content) };
  return found ? out : null;
}

/**
 * Renders a document definition to the bytes of a PDF (A4 unless the definition says otherwise). An image pdfkit
 * cannot read (images are checked beforehand: safe-image.ts) costs the image, not the document: it is rendered again
 * without its images.
 */
export async function renderPdf(doc: DocDefinition): Promise<Buffer> {
  setUp();
  // pdfmake writes its layout into the nodes it is given: the retry starts from a copy made before.
  const fallback = withoutImages(doc);
  try {
    return await pdfmake.createPdf({ pageSize: 'A4', ...doc }).getBuffer();
  } catch (e) {
    if (!fallback) throw e;
    return pdfmake.createPdf({ pageSize: 'A4', ...fallback }).getBuffer();
  }
}
