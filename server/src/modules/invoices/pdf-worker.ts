// The entry of the threads that draw the shop's PDFs (pdf-pool.ts): one document per task.
// Bundled on its own as dist/pdf-worker.js (build.mjs); pdfkit stays in node_modules.
import { renderPackingSlips, renderPickList } from './packing-slip.ts';
import { renderInvoicePdf } from './pdf.ts';
import type { PdfTask } from './pdf-pool.ts';

/** Piscina calls the default export with each task; the bytes go back by structured clone. */
export default function draw(task: PdfTask): Promise<Buffer> {
  if (task.kind === 'packing-slips') return renderPackingSlips(task);
  if (task.kind === 'pick-list') return renderPickList(task);
  return renderInvoicePdf(task);
}
