// The invoice PDF's sections (pdf.ts draws them in this order): the heading, the parties, the
// lines, the totals with what the document says of its payment, and every page's footer.
import { formatUsd } from '../../lib/money.ts';
import { linesOnlyMoney, moneyRows } from '../../lib/order-money.ts';
import type { InvoiceDocument } from './pdf.ts';
import {
  BODY_BOTTOM,
  CELL_PAD,
  COLUMNS,
  CONTENT_WIDTH,
  HEAD_FILL,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  RULE,
  fit,
  winAnsiText,
  type Doc,
} from './pdf-layout.ts';

export const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Who sells, as the documents' heading and footers print them. */
export type DocumentSeller = InvoiceDocument['seller'];

/**
 * The seller's name and the document's title on top; under them the seller's address and how to
 * reach it on the left, and the document's facts (label, value) on the right, the first in bold.
 */
export function drawHeading(
  pdf: Doc,
  seller: DocumentSeller,
  title: string,
  facts: readonly (readonly [string, string])[],
) {
  const top = MARGIN;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22);
  pdf.text(winAnsiText(seller.name), MARGIN, top, { width: CONTENT_WIDTH / 2 });
  pdf.text(title, MARGIN + CONTENT_WIDTH / 2, top, { width: CONTENT_WIDTH / 2, align: 'right' });

  // Seller on the left, the document's facts on the right (wide enough for an order's UUID).
  const blockTop = top + 34;
  const factsWidth = Math.round(CONTENT_WIDTH * 0.58);
  const factsX = MARGIN + CONTENT_WIDTH - factsWidth;
  const labelWidth = 90;
  pdf.font('Helvetica').fontSize(9.5).fillColor(INK);
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

/** An invoice's or a credit note's facts: its number, its date, the order, what it reverses. */
export function invoiceFacts(doc: InvoiceDocument): [string, string][] {
  const facts: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    ['Date', dateFormat.format(doc.issuedAt)],
    ['Order', doc.orderNumber ?? doc.orderId],
  ];
  if (doc.kind === 'credit-note' && doc.refersTo) facts.push(['Reverses invoice', doc.refersTo]);
  return facts;
}

/**
 * Two blocks side by side (each a small heading, then its lines, the first in bold); below them,
 * pdf.y.
 */
export function drawAddressBlocks(
  pdf: Doc,
  left: { heading: string; lines: string[] },
  right: { heading: string; lines: string[] },
) {
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
  const leftBottom = block(MARGIN, left.heading, left.lines);
  const rightBottom = block(MARGIN + CONTENT_WIDTH / 2 + 10, right.heading, right.lines);
  pdf.y = Math.max(leftBottom, rightBottom) + 22;
}

export function drawParties(pdf: Doc, doc: InvoiceDocument) {
  const { buyer } = doc;
  drawAddressBlocks(
    pdf,
    {
      heading: 'Bill to',
      lines: [
        buyer.name,
        buyer.email,
        doc.phone,
        ...(buyer.taxId ? [`Tax ID: ${buyer.taxId}`] : []),
        ...(buyer.taxExemption ? [`Tax exempt: ${buyer.taxExemption}`] : []),
      ],
    },
    {
      heading: 'Ship to',
      lines: doc.shipTo?.length
        ? [...doc.shipTo, doc.phone]
        : [buyer.name, doc.shippingAddress, doc.phone],
    },
  );
}

/** A table's columns (their widths add up to the content width). */
export type Columns = readonly {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}[];

/** Draws one table row from x = MARGIN at pdf.y; returns its height. */
export function drawRow(
  pdf: Doc,
  columns: Columns,
  cells: readonly string[],
  height: number,
  top: number,
) {
  let x = MARGIN;
  columns.forEach((column, i) => {
    pdf.text(cells[i] ?? '', x + CELL_PAD, top + CELL_PAD, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineGap: 1,
    });
    x += column.width;
  });
  pdf.y = top + height;
}

/** The table's head: its columns' titles, white on dark. */
export function drawTableHead(pdf: Doc, columns: Columns) {
  const top = pdf.y;
  const height = 22;
  pdf.rect(MARGIN, top, CONTENT_WIDTH, height).fill(HEAD_FILL);
  pdf.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff');
  drawRow(
    pdf,
    columns,
    columns.map((c) => c.title),
    height,
    top,
  );
}

/**
 * Where a table's row of `height` starts, its text in ink: here, or on a new page under the
 * table's head again (then back in Helvetica of `fontSize`) when it would run into the footer.
 */
export function startRow(pdf: Doc, columns: Columns, height: number, fontSize: number): number {
  if (pdf.y + height > BODY_BOTTOM) {
    pdf.addPage();
    drawTableHead(pdf, columns);
    pdf.font('Helvetica').fontSize(fontSize);
  }
  pdf.fillColor(INK);
  return pdf.y;
}

/** A thin rule under a table's row that ended at `y`. */
export const ruleUnder = (pdf: Doc, y: number) =>
  pdf
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();

export function drawLines(pdf: Doc, doc: InvoiceDocument) {
  drawTableHead(pdf, COLUMNS);
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
    const top = startRow(pdf, COLUMNS, height, 9.5);
    drawRow(
      pdf,
      COLUMNS,
      [
        name,
        String(line.quantity),
        formatUsd(line.unitPriceCents),
        formatUsd(line.quantity * line.unitPriceCents),
      ],
      height,
      top,
    );
    ruleUnder(pdf, top + height);
  }
}

/** Height of a row of the totals (Subtotal, Shipping, a tax) and of the total's band. */
const SUM_ROW = 18;
const TOTAL_BAND = 30;

export function drawTotals(pdf: Doc, doc: InvoiceDocument) {
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

/**
 * Every page's footer: the seller's name, web address and e-mail, and on the right the page's
 * label ("Page 2 of 3" unless told otherwise).
 */
export function drawFooters(
  pdf: Doc,
  seller: DocumentSeller,
  pageLabel: (index: number, count: number) => string = (i, n) => `Page ${i + 1} of ${n}`,
  labelWidth = 80,
) {
  const range = pdf.bufferedPageRange();
  const footer = winAnsiText(`${seller.name} · ${seller.url} · ${seller.email}`);
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
    pdf.text(footer, MARGIN, y, { width: CONTENT_WIDTH - labelWidth, lineBreak: false });
    pdf.text(
      winAnsiText(pageLabel(i - range.start, range.count)),
      MARGIN + CONTENT_WIDTH - labelWidth,
      y,
      { width: labelWidth, align: 'right', lineBreak: false },
    );
    pdf.page.margins.bottom = bottom;
  }
}
