// Packing slips: the sheet that goes into an order's parcel, for whoever packs it and whoever
// opens it. Where it goes, what is in it (part numbers and quantities, a box to tick for each
// line), and no prices. Several orders' slips make one file (one slip or more pages each), drawn
// in the same worker thread as the invoices (pdf-pool.ts). The pick list is the same orders' parts
// summed, one row per part, to take from the shelves in one walk before packing.
import { multiLine, oneLine } from '../../lib/customer-text.ts';
import {
  BODY_BOTTOM,
  CELL_PAD,
  CONTENT_WIDTH,
  INK,
  MARGIN,
  MUTED,
  fit,
  type Doc,
} from './pdf-layout.ts';
import {
  dateFormat,
  drawAddressBlocks,
  drawFooters,
  drawHeading,
  drawRow,
  drawTableHead,
  ruleUnder,
  startRow,
  type Columns,
  type DocumentSeller,
} from './pdf-sections.ts';
import { newPdf, PDF_TEXT_LIMITS } from './pdf.ts';

/** One order's slip. */
export interface PackingSlip {
  orderId: string;
  /** PS-O-000123 */
  orderNumber: string;
  placedAt: Date;
  /** The buyer's purchase order number, which a business buyer's receiving looks for. */
  poNumber?: string | null;
  /** Where it goes, as a label reads (recipient first); or the address the buyer typed. */
  shipTo: string[];
  /** The recipient's phone, for the carrier. */
  phone: string;
  buyer: { name: string; email: string };
  /** "Standard (3-5 business days)": how it was bought to travel; null for none. */
  shippingMethod: string | null;
  /** `partId` (null once the part was deleted) tells the pick list which lines are one part. */
  lines: { partId?: string | null; sku?: string | null; name: string; quantity: number }[];
}

/** What the PDF worker draws for packing slips: the seller, and each order's slip in turn. */
export interface PackingSlipsTask {
  kind: 'packing-slips';
  seller: DocumentSeller;
  slips: PackingSlip[];
}

/** What the PDF worker draws for a pick list: the parts of these orders' slips, summed. */
export interface PickListTask {
  kind: 'pick-list';
  seller: DocumentSeller;
  slips: PackingSlip[];
}

const L = PDF_TEXT_LIMITS;

/** The most lines the address takes: a label's, whatever was typed (the rest joins the last). */
const SHIP_TO_LINES = 8;

function labelLines(lines: string[]): string[] {
  const kept = lines.filter((line) => line.trim() !== '');
  const head = kept.slice(0, SHIP_TO_LINES - 1);
  const rest = kept.slice(SHIP_TO_LINES - 1);
  return [...head, ...(rest.length ? [rest.join(', ')] : [])].map((line) => oneLine(line, L.line));
}

/** A slip with every text someone typed bounded, as the invoices' (pdf.ts, boundedDocument). */
function boundedSlip(slip: PackingSlip): PackingSlip {
  return {
    ...slip,
    poNumber: slip.poNumber ? oneLine(slip.poNumber, L.reference) : null,
    shipTo: labelLines(slip.shipTo.flatMap((line) => multiLine(line, L.address).split('\n'))),
    phone: oneLine(slip.phone, L.phone),
    buyer: { name: oneLine(slip.buyer.name, L.name), email: oneLine(slip.buyer.email, L.email) },
    shippingMethod: slip.shippingMethod ? oneLine(slip.shippingMethod, L.label) : null,
    lines: slip.lines.map((line) => ({
      ...line,
      name: oneLine(line.name, L.line),
      sku: line.sku ? oneLine(line.sku, L.sku) : null,
    })),
  };
}

/** Part number, description, quantity, and a box to tick once the line is in the parcel. */
const SLIP_COLUMNS = [
  { title: 'Part no.', width: 120, align: 'left' },
  { title: 'Description', width: CONTENT_WIDTH - 120 - 60 - 60, align: 'left' },
  { title: 'Qty', width: 60, align: 'right' },
  { title: 'Packed', width: 60, align: 'center' },
] as const satisfies Columns;

/** The pick list's: part number, description, in how many orders, how many, and a box. */
const PICK_COLUMNS = [
  { title: 'Part no.', width: 120, align: 'left' },
  { title: 'Description', width: CONTENT_WIDTH - 120 - 3 * 55, align: 'left' },
  { title: 'Orders', width: 55, align: 'right' },
  { title: 'Qty', width: 55, align: 'right' },
  { title: 'Picked', width: 55, align: 'center' },
] as const satisfies Columns;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A table whose rows start with a part number and a description (either may wrap) and end with
 * a box to tick; the cells between are short figures.
 */
function drawTickTable(pdf: Doc, columns: Columns, rows: readonly (readonly string[])[]) {
  drawTableHead(pdf, columns);
  const textWidth = (i: number) => columns[i]!.width - 2 * CELL_PAD;
  const last = columns[columns.length - 1]!;
  for (const row of rows) {
    pdf.font('Helvetica').fontSize(10);
    const sku = fit(pdf, row[0]!, textWidth(0));
    const name = fit(pdf, row[1]!, textWidth(1));
    const height =
      Math.max(
        pdf.heightOfString(sku, { width: textWidth(0), lineGap: 1 }),
        pdf.heightOfString(name, { width: textWidth(1), lineGap: 1 }),
        16,
      ) +
      2 * CELL_PAD;
    const top = startRow(pdf, columns, height, 10);
    drawRow(pdf, columns, [sku, name, ...row.slice(2), ''], height, top);
    // The box to tick, in the middle of its column.
    const boxX = MARGIN + CONTENT_WIDTH - last.width / 2 - 6;
    pdf
      .rect(boxX, top + CELL_PAD, 12, 12)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    ruleUnder(pdf, top + height);
  }
}

/** Notes under a table, the first in bold: on this page if they fit, else on the next. */
function drawNotes(pdf: Doc, said: string[]) {
  pdf.font('Helvetica').fontSize(9.5);
  const notes = said.map((note) => fit(pdf, note, CONTENT_WIDTH));
  const height = notes.reduce(
    (sum, note) => sum + pdf.heightOfString(note, { width: CONTENT_WIDTH }) + 4,
    16,
  );
  if (pdf.y + height > BODY_BOTTOM) pdf.addPage();
  pdf.y += 12;
  notes.forEach((note, i) => {
    pdf
      .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor(i === 0 ? INK : MUTED)
      .text(note, MARGIN, pdf.y, { width: CONTENT_WIDTH });
    pdf.moveDown(0.35);
  });
}

function drawSlipEnd(pdf: Doc, slip: PackingSlip, seller: DocumentSeller) {
  const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  drawNotes(pdf, [
    `${plural(units, 'unit', 'units')} in ${plural(slip.lines.length, 'line', 'lines')}.`,
    'Please check the parts against this list when the parcel arrives. Something missing or ' +
      `damaged? Write to ${seller.email}${seller.phone ? ` or call ${seller.phone}` : ''}, and ` +
      `give the order number ${slip.orderNumber}.`,
  ]);
}

/**
 * The slips of these orders as one A4 PDF, each starting on a page of its own, in the order
 * given; every page's footer names its order and its page within that order's slip.
 */
export async function renderPackingSlips(task: PackingSlipsTask): Promise<Buffer> {
  if (task.slips.length === 0) throw new Error('no packing slip to draw');
  const slips = task.slips.map(boundedSlip);
  const { seller } = task;
  const first = slips[0]!;
  const { pdf, bytes } = await newPdf({
    title:
      slips.length === 1
        ? `Packing slip ${first.orderNumber}`
        : `Packing slips for ${slips.length} orders`,
    author: seller.name,
    subject: slips.map((slip) => slip.orderNumber).join(', '),
    createdAt: new Date(),
  });
  /** The index of each slip's first page. */
  const starts: number[] = [];
  slips.forEach((slip, i) => {
    if (i > 0) pdf.addPage();
    starts.push(pdf.bufferedPageRange().count - 1);
    const facts: [string, string][] = [
      ['Order', slip.orderNumber],
      ['Placed', dateFormat.format(slip.placedAt)],
    ];
    if (slip.poNumber) facts.push(['Purchase order', slip.poNumber]);
    if (slip.shippingMethod) facts.push(['Shipping', slip.shippingMethod]);
    drawHeading(pdf, seller, 'Packing slip', facts);
    drawAddressBlocks(
      pdf,
      { heading: 'Ship to', lines: [...slip.shipTo, slip.phone] },
      { heading: 'Ordered by', lines: [slip.buyer.name, slip.buyer.email] },
    );
    drawTickTable(
      pdf,
      SLIP_COLUMNS,
      slip.lines.map((line) => [line.sku ?? '—', line.name, String(line.quantity)]),
    );
    drawSlipEnd(pdf, slip, seller);
  });
  drawFooters(
    pdf,
    seller,
    (page, count) => {
      let slip = starts.length - 1;
      while (starts[slip]! > page) slip--;
      const end = starts[slip + 1] ?? count;
      return `${slips[slip]!.orderNumber} · Page ${page - starts[slip]! + 1} of ${end - starts[slip]!}`;
    },
    170,
  );
  pdf.end();
  return bytes;
}

/** One part to pick: its number and name, and how many of it in how many orders. */
interface Pick {
  sku: string;
  name: string;
  quantity: number;
  orders: number;
}

/**
 * The orders' lines summed by part (a deleted part's lines by their part number and name), by
 * part number, the lines without one last by name.
 */
export function picksOf(slips: readonly PackingSlip[]): Pick[] {
  const picks = new Map<string, Pick>();
  for (const slip of slips) {
    const counted = new Set<string>();
    for (const line of slip.lines) {
      const key = line.partId ?? `${line.sku ?? ''}\u0000${line.name}`;
      const pick = picks.get(key) ?? {
        sku: line.sku ?? '',
        name: line.name,
        quantity: 0,
        orders: 0,
      };
      pick.quantity += line.quantity;
      if (!counted.has(key)) pick.orders += 1;
      counted.add(key);
      picks.set(key, pick);
    }
  }
  return [...picks.values()].sort(
    (a, b) =>
      Number(a.sku === '') - Number(b.sku === '') ||
      a.sku.localeCompare(b.sku, 'en') ||
      a.name.localeCompare(b.name, 'en'),
  );
}

/**
 * The pick list of these orders as one A4 PDF: every part they hold with its quantity in all and
 * in how many orders, a box to tick, and the orders it was made for.
 */
export async function renderPickList(task: PickListTask): Promise<Buffer> {
  if (task.slips.length === 0) throw new Error('no order to pick for');
  const slips = task.slips.map(boundedSlip);
  const { seller } = task;
  const picks = picksOf(slips);
  const made = new Date();
  const { pdf, bytes } = await newPdf({
    title: `Pick list for ${plural(slips.length, 'order', 'orders')}`,
    author: seller.name,
    subject: slips.map((slip) => slip.orderNumber).join(', '),
    createdAt: made,
  });
  const first = slips[0]!;
  drawHeading(pdf, seller, 'Pick list', [
    ['Orders', String(slips.length)],
    ['Made', dateFormat.format(made)],
    ['Longest waiting', `${first.orderNumber} (${dateFormat.format(first.placedAt)})`],
  ]);
  pdf.y += 4;
  drawTickTable(
    pdf,
    PICK_COLUMNS,
    picks.map((pick) => [pick.sku || '—', pick.name, String(pick.orders), String(pick.quantity)]),
  );
  const units = picks.reduce((sum, pick) => sum + pick.quantity, 0);
  drawNotes(pdf, [
    `${plural(units, 'unit', 'units')} of ${plural(picks.length, 'part', 'parts')} for ` +
      `${plural(slips.length, 'order', 'orders')}.`,
    `The orders, the longest waiting first: ${slips.map((slip) => slip.orderNumber).join(', ')}. ` +
      'Their packing slips say what goes into each parcel.',
  ]);
  drawFooters(pdf, seller, (page, count) => `Pick list · Page ${page + 1} of ${count}`, 170);
  pdf.end();
  return bytes;
}
