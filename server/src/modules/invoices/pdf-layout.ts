// The invoice PDF's page (pdf.ts): its measures and colours, the table's columns, and text as
// Helvetica can draw it in a column of a given width.
import type PDFKit from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

/**
 * The characters outside Latin-1 that the standard fonts' WinAnsi encoding still has
 * (pdfkit's WIN_ANSI_MAP): anything else would be written as a broken code.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const drawable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
  );
};

/** Latin letters with a stroke, which Unicode does not decompose into letter + accent. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

/**
 * Text Helvetica can draw: accents it lacks are dropped ('ő' -> 'o', 'ł' -> 'l'), joiners and
 * variation selectors vanish, and any other character (emoji, CJK, ...) becomes '?'.
 */
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (drawable(char) || char === '\n') out += char;
    else if (/[\p{M}\p{Cf}]/u.test(char)) continue;
    else if (/\s/u.test(char)) out += ' ';
    else {
      const plain = STROKED[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain && [...plain].every(drawable) ? plain : '?';
    }
  }
  return out;
}

export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Lowest y the body may reach; the footer sits below it. */
export const BODY_BOTTOM = PAGE.height - MARGIN - 24;
export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const HEAD_FILL = '#1f2937';

/** Table columns: description, qty, unit price, amount (widths add up to the content width). */
export const COLUMNS = [
  { title: 'Description', width: 255, align: 'left' },
  { title: 'Qty', width: 50, align: 'right' },
  { title: 'Unit price', width: 90, align: 'right' },
  { title: 'Amount', width: CONTENT_WIDTH - 255 - 50 - 90, align: 'right' },
] as const;
export const CELL_PAD = 6;

/**
 * `text` (already WinAnsi) with every word too wide for `width` in the current font cut into
 * pieces that fit, with a space between them. pdfkit breaks such a word itself, but measures
 * what is left of it again after each line: its time grows with the square of the word's length.
 * Cut here, in one pass, every word reaches the layout already fitting its line.
 */
export function breakLongWords(pdf: Doc, text: string, width: number): string {
  // Room for the space after a piece too, and a point for kerning and rounding.
  const room = width - pdf.widthOfString(' ') - 1;
  return text.replace(/\S+/g, (word) => {
    if (pdf.widthOfString(word) <= room) return word;
    const pieces: string[] = [];
    let piece = '';
    let used = 0;
    for (const char of word) {
      const w = pdf.widthOfString(char);
      if (piece && used + w > room) {
        pieces.push(piece);
        piece = '';
        used = 0;
      }
      piece += char;
      used += w;
    }
    pieces.push(piece);
    return pieces.join(' ');
  });
}

/** Someone's text as Helvetica draws it (the current font and size), ready for a `width` column. */
export const fit = (pdf: Doc, text: string, width: number) =>
  breakLongWords(pdf, winAnsiText(text), width);
