// Invoice and credit-note PDFs, drawn with pdfkit's built-in Helvetica (no font files to ship).
// pdfkit loads its fonts' metrics and its colour profile from its own package folder at run time,
// so it stays out of the server bundle (externals.mjs), and it is imported only when the first
// PDF is drawn. The shop draws them in a worker thread, with a time limit (pdf-pool.ts).
import type PDFKit from 'pdfkit';
import { MAIL_TEXT_LIMITS, multiLine, oneLine } from '../../lib/customer-text.ts';
import { formatUsd } from '../../lib/money.ts';
import { linesOnlyMoney, moneyRows, type OrderMoney } from '../../lib/order-money.ts';

export interface InvoiceLine {
  /** The part number it was bought under (none on lines older than part numbers). */
  sku?: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  /** 'PS-2026-000001' (invoice) or 'CN-2026-000001' (credit note). */
  number: string;
  issuedAt: Date;
  /** Who sells (SELLER of the contract): printed under the heading with its tax ID. */
  seller: {
    name: string;
    address: string[];
    email: string;
    url: string;
    taxId?: string | null;
    phone?: string | null;
  };
  /** Who buys: their tax ID (from the address they ship to) and their tax exemption certificate. */
  buyer: { name: string; email: string; taxId?: string | null; taxExemption?: string | null };
  /** The address the buyer typed (an order without an address book entry). */
  shippingAddress: string;
  /** The address book entry it ships to as lines (recipient first); printed instead when given. */
  shipTo?: string[];
  phone: string;
  orderId: string;
  /** The order's number for people (PS-O-000123), printed instead of its id when given. */
  orderNumber?: string;
  lines: InvoiceLine[];
  /**
   * Subtotal, shipping and each sales tax (lib/order-money.ts); left out: the lines and the total
   * alone (an order without shipping or tax).
   */
  money?: OrderMoney;
  /** The order total (subtotal + shipping + tax); currency USD. */
  totalCents: number;
  /**
   * The country's name when the order ships abroad (outside the seller's country): no sales tax
   * of the destination is collected, and the document says duties and taxes are due on import.
   */
  exportedTo?: string | null;
  /** The card payment's id (empty for an invoice on payment terms). */
  paymentReference: string;
  /**
   * An invoice on a company's payment terms (issue 49): the day it falls due; printed instead of
   * the card payment.
   */
  dueDate?: string;
  /** An invoice on terms whose payments have come in (`paymentReference`: `invoice:<number>`). */
  onAccountPaid?: boolean;
  /** The buyer's purchase order number. */
  poNumber?: string;
  /** Credit notes only: an unpaid invoice on payment terms cancelled, no card refunded. */
  creditedOnAccount?: boolean;
  /** Credit notes only: the invoice it reverses, and the reason. */
  refersTo?: string;
  reason?: string;
}

type Doc = PDFKit.PDFDocument;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

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

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 50;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Lowest y the body may reach; the footer sits below it. */
const BODY_BOTTOM = PAGE.height - MARGIN - 24;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const HEAD_FILL = '#1f2937';

/** Table columns: description, qty, unit price, amount (widths add up to the content width). */
const COLUMNS = [
  { title: 'Description', width: 255, align: 'left' },
  { title: 'Qty', width: 50, align: 'right' },
  { title: 'Unit price', width: 90, align: 'right' },
  { title: 'Amount', width: CONTENT_WIDTH - 255 - 50 - 90, align: 'right' },
] as const;
const CELL_PAD = 6;

/**
 * The most of each text from a customer (or an admin) an invoice prints: the contract's limits.
 * An order's row may predate them (a legacy 200,000-character name): it is cut, not refused.
 */
export const PDF_TEXT_LIMITS = {
  name: MAIL_TEXT_LIMITS.name,
  email: MAIL_TEXT_LIMITS.email,
  phone: MAIL_TEXT_LIMITS.phone,
  address: MAIL_TEXT_LIMITS.address,
  line: 200,
  sku: 40,
  taxId: 40,
  /** A shipping method's or a tax rate's name. */
  label: 80,
  reason: 300,
  reference: 100,
} as const;

/** The document with every text someone typed bounded (see PDF_TEXT_LIMITS). */
export function boundedDocument(doc: InvoiceDocument): InvoiceDocument {
  const L = PDF_TEXT_LIMITS;
  return {
    ...doc,
    buyer: {
      name: oneLine(doc.buyer.name, L.name),
      email: oneLine(doc.buyer.email, L.email),
      taxId: doc.buyer.taxId ? oneLine(doc.buyer.taxId, L.taxId) : null,
      taxExemption: doc.buyer.taxExemption ? oneLine(doc.buyer.taxExemption, L.taxId) : null,
    },
    shippingAddress: multiLine(doc.shippingAddress, L.address),
    ...(doc.shipTo ? { shipTo: doc.shipTo.map((line) => oneLine(line, L.line)) } : {}),
    phone: oneLine(doc.phone, L.phone),
    lines: doc.lines.map((line) => ({
      ...line,
      name: oneLine(line.name, L.line),
      sku: line.sku ? oneLine(line.sku, L.sku) : null,
    })),
    ...(doc.money
      ? {
          money: {
            ...doc.money,
            shippingMethod: doc.money.shippingMethod && {
              ...doc.money.shippingMethod,
              name: oneLine(doc.money.shippingMethod.name, L.label),
            },
            taxes: doc.money.taxes.map((tax) => ({ ...tax, name: oneLine(tax.name, L.label) })),
          },
        }
      : {}),
    paymentReference: oneLine(doc.paymentReference, L.reference),
    ...(doc.poNumber ? { poNumber: oneLine(doc.poNumber, L.reference) } : {}),
    ...(doc.exportedTo ? { exportedTo: oneLine(doc.exportedTo, L.label) } : {}),
    ...(doc.reason === undefined ? {} : { reason: multiLine(doc.reason, L.reason) }),
  };
}

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
const fit = (pdf: Doc, text: string, width: number) =>
  breakLongWords(pdf, winAnsiText(text), width);

/** Renders an invoice or a credit note as an A4 PDF. */
export async function renderInvoicePdf(given: InvoiceDocument): Promise<Buffer> {
  const doc = boundedDocument(given);
  const { default: PDFDocument } = await import('pdfkit');
  const title = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Kept until the end so every page's footer can say "Page n of N".
    bufferPages: true,
    info: {
      Title: winAnsiText(`${title} ${doc.number}`),
      Author: winAnsiText(doc.seller.name),
      Subject: winAnsiText(`Order ${doc.orderNumber ?? doc.orderId}`),
      CreationDate: doc.issuedAt,
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  drawHeading(pdf, doc, title);
  drawParties(pdf, doc);
  drawLines(pdf, doc);
  drawTotals(pdf, doc);
  drawFooters(pdf, doc);
  pdf.end();
  return done;
}

function drawHeading(pdf: Doc, doc: InvoiceDocument, title: string) {
  const top = MARGIN;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22);
  pdf.text(winAnsiText(doc.seller.name), MARGIN, top, { width: CONTENT_WIDTH / 2 });
  pdf.text(title, MARGIN + CONTENT_WIDTH / 2, top, { width: CONTENT_WIDTH / 2, align: 'right' });

  // Seller on the left, the document's facts on the right (wide enough for an order's UUID).
  const blockTop = top + 34;
  const factsWidth = Math.round(CONTENT_WIDTH * 0.58);
  const factsX = MARGIN + CONTENT_WIDTH - factsWidth;
  const labelWidth = 90;
  pdf.font('Helvetica').fontSize(9.5).fillColor(INK);
  const { seller } = doc;
  pdf.text(
    winAnsiText(
      [
        ...seller.address,
        ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
        ...(seller.phone ? [seller.phone] : []),
        seller.email,
        seller.url,
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    MARGIN,
    blockTop,
    { width: factsX - MARGIN - 12, lineGap: 1.5 },
  );
  const sellerBottom = pdf.y;

  const facts: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    ['Date', dateFormat.format(doc.issuedAt)],
    ['Order', doc.orderNumber ?? doc.orderId],
  ];
  if (doc.kind === 'credit-note' && doc.refersTo) facts.push(['Reverses invoice', doc.refersTo]);
  let y = blockTop;
  facts.forEach(([label, value], i) => {
    pdf.font('Helvetica').fillColor(MUTED).text(label, factsX, y, { width: labelWidth });
    pdf
      .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor(INK)
      .text(winAnsiText(value), factsX + labelWidth, y, {
        width: factsWidth - labelWidth,
        align: 'right',
      });
    y = Math.max(pdf.y, y + 14) + 1;
  });
  pdf.y = Math.max(sellerBottom, y) + 18;
}

function drawParties(pdf: Doc, doc: InvoiceDocument) {
  const top = pdf.y;
  const half = CONTENT_WIDTH / 2 - 10;
  const block = (x: number, heading: string, lines: string[]) => {
    pdf.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    pdf.text(heading.toUpperCase(), x, top, { width: half, characterSpacing: 0.6 });
    pdf.moveDown(0.3);
    const [first = '', ...rest] = lines;
    pdf.font('Helvetica-Bold').fontSize(10).fillColor(INK);
    pdf.text(fit(pdf, first, half), x, pdf.y, { width: half });
    pdf.font('Helvetica').fontSize(9.5);
    for (const line of rest)
      pdf.text(fit(pdf, line, half), x, pdf.y, { width: half, lineGap: 1.5 });
    return pdf.y;
  };
  const { buyer } = doc;
  const billBottom = block(MARGIN, 'Bill to', [
    buyer.name,
    buyer.email,
    doc.phone,
    ...(buyer.taxId ? [`Tax ID: ${buyer.taxId}`] : []),
    ...(buyer.taxExemption ? [`Tax exempt: ${buyer.taxExemption}`] : []),
  ]);
  const shipBottom = block(
    MARGIN + CONTENT_WIDTH / 2 + 10,
    'Ship to',
    doc.shipTo?.length ? [...doc.shipTo, doc.phone] : [buyer.name, doc.shippingAddress, doc.phone],
  );
  pdf.y = Math.max(billBottom, shipBottom) + 22;
}

/** Draws one table row from x = MARGIN at pdf.y; returns its height. */
function drawRow(pdf: Doc, cells: readonly string[], height: number, top: number) {
  let x = MARGIN;
  COLUMNS.forEach((column, i) => {
    pdf.text(cells[i] ?? '', x + CELL_PAD, top + CELL_PAD, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineGap: 1,
    });
    x += column.width;
  });
  pdf.y = top + height;
}

function drawTableHead(pdf: Doc) {
  const top = pdf.y;
  const height = 22;
  pdf.rect(MARGIN, top, CONTENT_WIDTH, height).fill(HEAD_FILL);
  pdf.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff');
  drawRow(
    pdf,
    COLUMNS.map((c) => c.title),
    height,
    top,
  );
}

function drawLines(pdf: Doc, doc: InvoiceDocument) {
  drawTableHead(pdf);
  for (const line of doc.lines) {
    pdf.font('Helvetica').fontSize(9.5);
    // The part number on a line of its own under the name.
    const name = fit(
      pdf,
      line.sku ? `${line.name}\nPart no. ${line.sku}` : line.name,
      COLUMNS[0].width - 2 * CELL_PAD,
    );
    const nameHeight = pdf.heightOfString(name, {
      width: COLUMNS[0].width - 2 * CELL_PAD,
      lineGap: 1,
    });
    const height = Math.max(nameHeight, pdf.currentLineHeight(true)) + 2 * CELL_PAD;
    // A row that would run into the footer starts a new page, under the table's head again.
    if (pdf.y + height > BODY_BOTTOM) {
      pdf.addPage();
      drawTableHead(pdf);
      pdf.font('Helvetica').fontSize(9.5);
    }
    const top = pdf.y;
    pdf.fillColor(INK);
    drawRow(
      pdf,
      [
        name,
        String(line.quantity),
        formatUsd(line.unitPriceCents),
        formatUsd(line.quantity * line.unitPriceCents),
      ],
      height,
      top,
    );
    pdf
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + CONTENT_WIDTH, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
}

/** Height of a row of the totals (Subtotal, Shipping, a tax) and of the total's band. */
const SUM_ROW = 18;
const TOTAL_BAND = 30;

function drawTotals(pdf: Doc, doc: InvoiceDocument) {
  const credit = doc.kind === 'credit-note';
  const said: string[] = credit
    ? [
        `Reverses invoice ${doc.refersTo ?? ''}`.trim() + '.',
        ...(doc.reason ? [`Reason: ${doc.reason}`] : []),
        doc.creditedOnAccount
          ? 'Credited on account: nothing is owed on the invoice it reverses.'
          : `Refunded to the card of payment ${doc.paymentReference}.`,
      ]
    : doc.onAccountPaid
      ? ['Paid on account: thank you.']
      : doc.dueDate
        ? [`Payment due by ${dateFormat.format(new Date(`${doc.dueDate}T00:00:00Z`))}, on account.`]
        : [`Paid by card. Payment reference: ${doc.paymentReference}.`];
  if (doc.poNumber) said.push(`Your purchase order: ${doc.poNumber}.`);
  if (doc.exportedTo)
    said.push(
      `Export to ${doc.exportedTo}: import duties and taxes of the destination are not included; the recipient pays them on import.`,
    );
  pdf.font('Helvetica').fontSize(9.5);
  const notes = said.map((note) => fit(pdf, note, CONTENT_WIDTH));
  const notesHeight = notes.reduce(
    (sum, note) => sum + pdf.heightOfString(note, { width: CONTENT_WIDTH }) + 4,
    0,
  );
  const labelWidth = COLUMNS[1].width + COLUMNS[2].width + 60;
  const amountWidth = COLUMNS[3].width;
  const right = MARGIN + CONTENT_WIDTH;
  const labelX = right - labelWidth - amountWidth;
  // Subtotal, shipping and each tax above the total (none for an order of lines alone); a long
  // method's or rate's name wraps inside its label.
  const rows = moneyRows(doc.money ?? linesOnlyMoney(doc.totalCents)).map((row) => {
    const label = fit(pdf, row.label, labelWidth);
    const height = Math.max(SUM_ROW, pdf.heightOfString(label, { width: labelWidth }) + 6);
    return { label, cents: row.cents, height };
  });
  const rowsHeight = rows.reduce((sum, row) => sum + row.height, rows.length ? 4 : 0);
  // The sums, the total and what follows them stay together on one page.
  if (pdf.y + 12 + rowsHeight + TOTAL_BAND + 16 + notesHeight > BODY_BOTTOM) pdf.addPage();

  let y = pdf.y + 12;
  pdf.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const row of rows) {
    pdf.text(row.label, labelX, y + 4, { width: labelWidth, align: 'right' });
    pdf.text(formatUsd(row.cents), right - amountWidth, y + 4, {
      width: amountWidth - CELL_PAD,
      align: 'right',
    });
    y += row.height;
  }
  if (rows.length) y += 4;

  pdf.rect(labelX, y, labelWidth + amountWidth, TOTAL_BAND).fill('#f3f4f6');
  pdf.font('Helvetica-Bold').fontSize(11).fillColor(INK);
  pdf.text(credit ? 'Total credited (USD)' : 'Total (USD)', labelX, y + 9, {
    width: labelWidth,
    align: 'right',
  });
  pdf.text(formatUsd(doc.totalCents), right - amountWidth, y + 9, {
    width: amountWidth - CELL_PAD,
    align: 'right',
  });

  pdf.y = y + TOTAL_BAND + 16;
  pdf.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const note of notes) {
    pdf.text(note, MARGIN, pdf.y, { width: CONTENT_WIDTH });
    pdf.moveDown(0.35);
  }
}

function drawFooters(pdf: Doc, doc: InvoiceDocument) {
  const range = pdf.bufferedPageRange();
  const footer = winAnsiText(`${doc.seller.name} · ${doc.seller.url} · ${doc.seller.email}`);
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start a new page: lift it meanwhile.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN + 4;
    pdf
      .moveTo(MARGIN, y - 8)
      .lineTo(MARGIN + CONTENT_WIDTH, y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    pdf.text(footer, MARGIN, y, { width: CONTENT_WIDTH - 80, lineBreak: false });
    pdf.text(`Page ${i + 1} of ${range.count}`, MARGIN + CONTENT_WIDTH - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
}
