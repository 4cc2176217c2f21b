// Reads a PDF's text back, page by page, with PDF.js (the legacy build runs on Node 20).
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

/**
 * The text of every page of a PDF: one line of text a printed line (items at the same height,
 * left to right, joined by a space), pages separated by a form feed ('\f').
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // PDF.js takes ownership of the array it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(pdf),
    // Text only: no fonts to load or draw, and no warnings about them.
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; str: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || !(item as TextItem).str.trim()) continue;
        const { str, transform } = item as TextItem;
        const y = Math.round(transform[5] as number);
        const row = rows.get(y) ?? [];
        row.push({ x: transform[4] as number, str });
        rows.set(y, row);
      }
      pages.push(
        [...rows.entries()]
          .sort(([a], [b]) => b - a) // PDF y grows upwards: the top line first
          .map(([, row]) =>
            row
              .sort((a, b) => a.x - b.x)
              .map((cell) => cell.str.trim())
              .join(' '),
          )
          .join('\n'),
      );
    }
    return pages.join('\n\f\n');
  } finally {
    await document.destroy();
  }
}

/** The number of pages of a PDF. */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const count = document.numPages;
  await document.destroy();
  return count;
}
