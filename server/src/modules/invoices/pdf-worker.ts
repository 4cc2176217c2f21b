// The entry of the threads that draw the shop's PDFs (pdf-pool.ts): one document per task.
// Bundled on its own as dist/pdf-worker.js (build.mjs); pdfkit stays in node_modules.
import { renderInvoicePdf, type InvoiceDocument } from './pdf.ts';

/** Piscina calls the default export with each task; the bytes go back by structured clone. */
export default function draw(doc: InvoiceDocument): Promise<Buffer> {
  return renderInvoicePdf(doc);
}
