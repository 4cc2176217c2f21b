import { parentPort, workerData } from 'node:worker_threads';
import type { ImportWork, WorkerMessage } from './csv-import.ts';
import { importRecords, readCatalogueCsv } from './csv.ts';

/**
 * The worker thread that reads one catalogue import (csv-import.ts): parses and checks the file,
 * then sends the parts as ready INSERT parameters, one message per statement.
 */
const { text, categories, batch } = workerData as ImportWork;
const { rows, problems } = readCatalogueCsv(text, categories);
const send = (message: WorkerMessage) => parentPort!.postMessage(message);
if (problems.length === 0)
  for (let i = 0; i < rows.length; i += batch)
    send({ records: importRecords(rows.slice(i, i + batch)) });
send({
  count: rows.length,
  uploads: rows
    .filter((r) => r.part.image.startsWith('/uploads/'))
    .map((r) => ({ line: r.line, image: r.part.image })),
  skus: rows.filter((r) => r.part.sku !== '').map((r) => ({ line: r.line, sku: r.part.sku })),
  problems,
});
