/**
 * An order's documents as PDFs (the server answers 404 until there is one): its invoice and
 * credit note (the buyer, its company's approvers, an admin), and its packing slip (admins).
 */
const documentHref = (id: string, name: string) =>
  `/api/orders/${encodeURIComponent(id)}/${name}.pdf`;

export const invoiceHref = (id: string) => documentHref(id, 'invoice');
export const creditNoteHref = (id: string) => documentHref(id, 'credit-note');
export const packingSlipHref = (id: string) => documentHref(id, 'packing-slip');
/** A partial refund's own credit note. */
export const refundNoteHref = (id: string, refundId: string) =>
  documentHref(id, `refunds/${encodeURIComponent(refundId)}/credit-note`);
