import { formatDate, formatTime } from '@app/contracts';
import type { Content } from './pdf-renderer.ts';
import { printableImage } from './safe-image.ts';

// The pieces every document is made of, black on white: what prints readably on any office printer. Grey is used
// only as a light background of headings, never to carry meaning; a state is always said in words.

/** « le 24/11/26 à 09:30 » (Europe/Paris), '' without a date. */
export function atText(iso: string | null | undefined): string {
  return iso ? `le ${formatDate(iso)} à ${formatTime(iso)}` : '';
}

/** dd/MM/yy HH:mm (Europe/Paris), '—' without a date. */
export function dateTimeText(iso: string | null | undefined): string {
  return iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—';
}

/** Thin black rules around and between cells (a table layout named in pdf-core.ts: definitions are plain data). */
export const RULED = 'ruled';

/** A section heading (numbered by the caller if it wants). */
export function section(title: string): Content {
  return {
    table: { widths: ['*'], body: [[{ text: title.toUpperCase(), bold: true, fontSize: 10 }]] },
    layout: 'ruledHeading',
    margin: [0, 10, 0, 4],
  };
}

/** Label → value lines, two columns; an empty value prints « — ». */
export function keyValues(rows: [string, string | null | undefined][], labelWidth = 150): Content {
  if (!rows.length) return [];
  return {
    table: {
      widths: [labelWidth, '*'],
      body: rows.map(([label, value]) => [{ text: label, bold: true }, { text: value || '—' }]),
    },
    layout: RULED,
  };
}

/** A table with a header row (grey background, bold); cells are texts or content. */
export function grid(headers: string[], rows: Content[][], widths?: (number | string)[]): Content {
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: widths ?? headers.map(() => '*'),
      body: [headers.map((h) => ({ text: h, bold: true, fillColor: '#e6e6e6' })), ...rows],
    },
    layout: RULED,
  };
}

/** A checkbox drawn in text: « [X] » done, « [ ] » not done, readable without colour. */
export function tick(done: boolean | null): string {
  return done ? '[X]' : '[ ]';
}

/** A signature as documents print it (process-sheet.ts gives them). */
export interface SignatureLine {
  /** Who signs, as what (« Chargé de consignation »). */
  role: string;
  /** The signer's name; null while unsigned. */
  signataire: string | null;
  at: string | null;
  hash: string | null;
  altered?: boolean;
  image?: string | null;
}

/**
 * A signature box: the role, the signer, the date and time of signing, the signed values' SHA-256 and the drawn
 * signature; an empty box with « Non signé » while unsigned, so that a printed copy can be signed by hand.
 */
export function signatureBox(s: SignatureLine): Content {
  const image = printableImage(s.image);
  const left: Content[] = [{ text: s.role, bold: true }];
  if (s.signataire && s.at) {
    left.push({ text: s.signataire }, { text: `Signé ${atText(s.at)}` });
    if (s.hash) left.push({ text: `Empreinte SHA-256 : ${s.hash}`, fontSize: 6.5, margin: [0, 2, 0, 0] });
    if (s.altered) left.push({ text: 'ATTENTION : les valeurs signées ont changé depuis cette signature.', bold: true, fontSize: 8 });
  } else {
    left.push({ text: 'Non signé', italics: true }, { text: 'Nom, date, heure et signature :', fontSize: 8, margin: [0, 4, 0, 0] });
  }
  const right: Content =
    s.signataire && image
      ? { image, fit: [150, 50], alignment: 'center' }
      : s.signataire && s.image
        ? { text: '(signature enregistrée, image non reproductible)', italics: true, fontSize: 8 }
        : { text: ' ', margin: [0, 0, 0, 40] };
  return {
    table: { widths: ['*', 160], body: [[{ stack: left }, right]] },
    layout: RULED,
    unbreakable: true,
    margin: [0, 0, 0, 6],
  };
}

/** Signature boxes one under the other (the hash lines need the page's width). */
export function signatureBoxes(list: SignatureLine[]): Content {
  return list.length ? list.map(signatureBox) : [{ text: 'Aucune signature.', italics: true }];
}

/** A plain paragraph of small text (legal mentions). */
export function mention(text: string): Content {
  return { text, fontSize: 8, margin: [0, 6, 0, 0] };
}
