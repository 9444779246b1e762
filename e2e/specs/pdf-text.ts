import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The text of a PDF the app printed, read by Mozilla's PDF.js (pdfjs-dist): the server's pdfmake output is compressed
// (FlateDecode) and its fonts are subsets whose glyphs map back to characters only through their ToUnicode tables, so
// a real parser reads it. The legacy build runs in Node without a DOM.

/** Every page's text, one line per page, runs of spaces collapsed (a table cell may come in several pieces). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    return pages.join('\n');
  } finally {
    await task.destroy();
  }
}
