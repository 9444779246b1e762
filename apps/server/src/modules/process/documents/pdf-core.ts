import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import { shareFontTables } from './font-tables.ts';

// What renders a definition to PDF bytes, in whichever thread runs it (pdf-renderer.ts: a worker of the pool, or the
// calling thread). A definition given here is plain data — it crosses threads by structured clone — so what pdfmake
// takes as functions is named: table layouts by the names below, the page footer as `pageFooter` (its left text).

/** A pdfmake document definition (content, styles, page setup), as pdfmake reads it. */
export type DocDefinition = Record<string, unknown>;

const FACES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

const rules = (width: number, padding: [number, number]) => ({
  hLineWidth: () => width,
  vLineWidth: () => width,
  hLineColor: () => '#000000',
  vLineColor: () => '#000000',
  paddingLeft: () => padding[0],
  paddingRight: () => padding[0],
  paddingTop: () => padding[1],
  paddingBottom: () => padding[1],
});

/** The table layouts documents name (`layout: 'ruled'`): black rules, the heading one on a light grey background. */
export const TABLE_LAYOUTS = {
  /** Thin black rules around and between cells. */
  ruled: rules(0.5, [4, 3]),
  /** The same, on a light grey background (section headings). */
  ruledHeading: { ...rules(0.5, [4, 3]), fillColor: () => '#e6e6e6' },
  /** The frame of a document's head: 1 pt rules, 6 pt padding. */
  frame: rules(1, [6, 6]),
} as const;

let ready = false;

/**
 * Loads the Roboto faces pdfmake ships (node_modules/pdfmake/fonts) into its in-memory file system once (their decoded
 * tables shared between documents: font-tables.ts), registers the named table layouts, and closes every other way in:
 * nothing is fetched from the network nor read from the disk while a document renders (a signature is a data URL; an
 * image path or URL in a value is refused by the policies).
 */
function setUp(): void {
  if (ready) return;
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  for (const file of Object.values(FACES)) {
    if (!pdfmake.virtualfs.existsSync(file)) pdfmake.virtualfs.writeFileSync(file, fs.readFileSync(path.join(dir, file)));
  }
  // Parsed once for the thread, not once per document (font-tables.ts).
  shareFontTables(Object.values(FACES).map((file) => pdfmake.virtualfs.readFileSync(file)));
  pdfmake.setFonts({ Roboto: { ...FACES } });
  pdfmake.addTableLayouts(TABLE_LAYOUTS);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  ready = true;
}

/** The footer of every page: the document's identity on the left, « Page n/m » on the right. */
function footerOf(ident: string) {
  return (page: number, count: number) => ({
    columns: [
      { text: ident, width: '*' },
      { text: `Page ${page}/${count}`, width: 60, alignment: 'right' },
    ],
    fontSize: 7.5,
    margin: [36, 16, 36, 0],
  });
}

/** The definition as pdfmake takes it: A4 unless said otherwise, the named footer made a function. */
function forPdfmake(doc: DocDefinition): DocDefinition {
  const { pageFooter, ...rest } = doc;
  return { pageSize: 'A4', ...rest, ...(typeof pageFooter === 'string' ? { footer: footerOf(pageFooter) } : {}) };
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
 * Renders a definition to the bytes of a PDF in this thread. An image pdfkit cannot read (images are checked
 * beforehand: safe-image.ts) costs the image, not the document: it is rendered again without its images.
 */
export async function renderHere(doc: DocDefinition): Promise<Buffer> {
  setUp();
  // pdfmake writes its layout into the nodes it is given: the retry starts from a copy made before.
  const fallback = withoutImages(doc);
  try {
    return await pdfmake.createPdf(forPdfmake(doc)).getBuffer();
  } catch (e) {
    if (!fallback) throw e;
    return pdfmake.createPdf(forPdfmake(fallback)).getBuffer();
  }
}
