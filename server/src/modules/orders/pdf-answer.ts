import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { PdfUnavailableError, type PdfTask } from '../invoices/pdf-pool.ts';

/**
 * A document drawn by the shop's PDF thread, or a 503 that says to try again in a minute when it
 * could not be drawn in time or too many wait (logged with what it was for).
 */
export async function drawnPdf(
  app: FastifyInstance,
  request: FastifyRequest,
  task: PdfTask,
  what: string,
): Promise<Buffer> {
  try {
    return await app.invoicePdfs.render(task);
  } catch (err) {
    if (!(err instanceof PdfUnavailableError)) throw err;
    request.log.error({ err }, `the ${what} PDF could not be drawn`);
    throw new HttpError(
      503,
      `The ${what} cannot be made right now. Please try again in a minute.`,
      {
        'retry-after': '60',
      },
    );
  }
}

/**
 * Sends a PDF: shown in the browser (`inline`) or saved (`attachment`) as `filename`, never kept
 * by a cache (it is someone's order).
 */
export const sendPdf = (
  reply: FastifyReply,
  pdf: Buffer,
  disposition: 'inline' | 'attachment',
  filename: string,
) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
