import { atText } from './document-blocks.ts';
import type { Content, DocDefinition } from './pdf-renderer.ts';

/** What frames every document of a process: who, which process, where it opens, and the body. */
export interface Frame {
  /** The document's title (« Attestation de consignation »). */
  title: string;
  entreprise: string;
  /** The process number as shown (stored ÷ 100). */
  numero: string;
  nomProcess: string;
  workflow: string;
  /** The address of the process in the app, encoded in the QR code. */
  url: string;
  editedAt: Date;
  editedBy: string;
  draft?: string | null;
  keywords?: string[];
  content: Content;
  copies?: string[];
}

// The narrow no-break space the French number format puts between thousands is not in every font: a plain one.
const printable = (s: string) => s.replace(/\u202f/g, '\u00a0');

/** A deep copy of content: lists and plain objects copied. */
function cloneContent<T>(c: T): T {
  if (Array.isArray(c)) return c.map(cloneContent) as T;
  if (c && typeof c === 'object') return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, cloneContent(v)])) as T;
  return c;
}

/** The first page's head: company and process on the left, the title and number in the middle, the QR code right. */
function head(f: Frame): Content {
  return {
    table: {
      widths: ['*', 190, 86],
      body: [
        [
          {
            stack: [
              { text: printable(f.entreprise), bold: true, fontSize: 12 },
              { text: printable(f.nomProcess), margin: [0, 4, 0, 0] },
              { text: `Workflow : ${printable(f.workflow)}`, fontSize: 8, margin: [0, 2, 0, 0] },
            ],
          },
          {
            stack: [
              { text: printable(f.title).toUpperCase(), bold: true, fontSize: 13, alignment: 'center' },
              { text: `N° ${printable(f.numero)}`, bold: true, fontSize: 15, alignment: 'center', margin: [0, 6, 0, 0] },
            ],
          },
          {
            stack: [
              { qr: f.url, fit: 78, eccLevel: 'M', alignment: 'center' },
              { text: 'Ouvrir le processus', fontSize: 6.5, alignment: 'center', margin: [0, 2, 0, 0] },
            ],
          },
        ],
      ],
    },
    layout: 'frame',
  };
}

/**
 * The pdfmake definition of a process document: A4 portrait, Roboto, black text; the head (company, title, number,
 * QR code opening the process), who edited it and when, the body; on every page a footer with the title, number,
 * company and page count; a « NON SIGNÉ »-like watermark across every page while the document is a draft.
 */
export function framedDocument(f: Frame): DocDefinition {
  const ident = `${printable(f.title)} N° ${printable(f.numero)} — ${printable(f.entreprise)}`;
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [36, 36, 36, 48],
    language: 'fr-FR',
    info: {
      title: ident,
      author: f.entreprise,
      subject: `${f.title} — ${f.nomProcess}`,
      keywords: [f.workflow, ...(f.keywords ?? [])].filter(Boolean).join(', '),
      creator: f.entreprise,
      numero: f.numero,
      processUrl: f.url,
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, color: '#000000', lineHeight: 1.1 },
    ...(f.draft ? { watermark: { text: f.draft, color: '#000000', opacity: 0.12, bold: true, fontSize: 54 } } : {}),
    // The footer of every page (pdf-core.ts): this text, then « Page n/m ».
    pageFooter: ident,
    content: (f.copies?.length ? f.copies : [null]).map((copy, i) => [
      { ...(head(f) as Record<string, unknown>), ...(i > 0 ? { pageBreak: 'before' } : {}) },
      {
        text: `Document édité ${atText(f.editedAt.toISOString())} par ${printable(f.editedBy)} — heures de Paris.`,
        fontSize: 7.5,
        margin: [0, 3, 0, 4],
      },
      ...(copy ? [{ text: copy, bold: true, fontSize: 11, alignment: 'center', margin: [0, 0, 0, 6] }] : []),
      ...(f.draft ? [{ text: `${f.draft} : ce document n'est pas valable en l'état.`, bold: true, margin: [0, 0, 0, 6] }] : []),
      // pdfmake lays out the nodes it is given in place: each copy gets its own.
      i === 0 ? f.content : cloneContent(f.content),
    ]),
  };
}
