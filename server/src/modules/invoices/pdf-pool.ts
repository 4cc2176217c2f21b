// Draws the shop's PDFs off the event loop, in a worker thread (piscina), each within a time
// limit: a document that takes too long (a customer's hostile text the bounds in pdf.ts missed,
// a pdfkit bug) ends its thread and fails on its own, while the shop goes on answering.
import type { Piscina } from 'piscina';
import type { PackingSlipsTask, PickListTask } from './packing-slip.ts';
import type { InvoiceDocument } from './pdf.ts';

/** What a thread draws: an invoice or credit note, packing slips, or a pick list. */
export type PdfTask = InvoiceDocument | PackingSlipsTask | PickListTask;

/** How long a document may take, waiting for a thread included; ours take milliseconds. */
export const PDF_TIMEOUT_MS = 10_000;
/** Documents waiting for a thread at most; more are refused at once rather than piled up. */
const MAX_QUEUE = 50;
/** A thread left idle this long ends (a shop draws PDFs now and then). */
const IDLE_MS = 60_000;
/** A thread's heap may grow this far; beyond it the thread ends and its document fails. */
const HEAP_MB = 256;

// From source (tests, `npm run dev`) the entry is TypeScript: the thread loads it through tsx.
// The built server has dist/pdf-worker.js beside dist/main.js (build.mjs).
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL(FROM_SOURCE ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);

/** A document could not be drawn in time, or too many wait: try again later. */
export class PdfUnavailableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`the PDF could not be drawn: ${reason}`, options);
    this.name = 'PdfUnavailableError';
  }
}

export interface PdfRenderer {
  /** The document as PDF bytes; PdfUnavailableError when it took too long or too many wait. */
  render(task: PdfTask): Promise<Buffer>;
  /** Ends the threads (the app's close). */
  close(): Promise<void>;
}

/**
 * One thread draws (the machine's other cores serve requests and the database); it starts with
 * the first document, not with the shop.
 */
export function createPdfRenderer(options: { timeoutMs?: number } = {}): PdfRenderer {
  const timeoutMs = options.timeoutMs ?? PDF_TIMEOUT_MS;
  let pool: Promise<Piscina<PdfTask, Uint8Array>> | undefined;
  let closed = false;
  const start = async () => {
    const { Piscina } = await import('piscina');
    return new Piscina<PdfTask, Uint8Array>({
      filename: ENTRY.href,
      minThreads: 0,
      maxThreads: 1,
      maxQueue: MAX_QUEUE,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      ...(FROM_SOURCE ? { execArgv: ['--import', 'tsx'] } : {}),
    });
  };
  return {
    async render(task) {
      if (closed) throw new PdfUnavailableError('the shop is stopping');
      const threads = await (pool ??= start());
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        // A Buffer comes back as a plain Uint8Array: view the same bytes as a Buffer.
        const bytes = await threads.run(task, { signal });
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        // On the timeout piscina ends the thread that was drawing; the next document gets a new one.
        if (signal.aborted)
          throw new PdfUnavailableError(`it took more than ${timeoutMs / 1000} s`, { cause: err });
        if ((err as Error)?.message === 'Task queue is at limit')
          throw new PdfUnavailableError('too many documents are waiting', { cause: err });
        throw err;
      }
    },
    async close() {
      closed = true;
      if (pool) await (await pool).destroy();
    },
  };
}
