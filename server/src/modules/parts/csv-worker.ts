import { parentPort, workerData } from 'node:worker_threads';
import type { ImportWork, WorkerMessage } from './csv-import.ts';
import { readCatalogueCsv } from './csv-checks.ts';
import { importRecords } from './csv-statements.ts';

/**
 * The worker thread that reads one catalogue import (csv-import.ts): parses and checks the file.
 * When every line is a new part (none has a part number or an id), it sends them as ready INSERT
 * parameters, one message per statement; otherwise it sends the checked lines, which the server's
 * thread matches with the catalogue's parts (csv-plan.ts).
 */
const { text, categories, batch } = workerData as ImportWork;
const { rows, problems, fields } = readCatalogueCsv(text, categories);
const send = (message: WorkerMessage) => parentPort!.postMessage(message);
/** Lines per message: each is copied into the server's thread on its own, a little at a time. */
const ROWS_PER_MESSAGE = 500;
if (rows.some((row) => row.sku !== '' || row.id !== undefined))
  for (let i = 0; i < rows.length; i += ROWS_PER_MESSAGE)
    send({ rows: rows.slice(i, i + ROWS_PER_MESSAGE) });
else if (problems.length === 0)
  for (let i = 0; i < rows.length; i += batch)
    send({ records: importRecords(rows.slice(i, i + batch)) });
send({
  count: rows.length,
  fields,
  uploads: rows
    .filter((r) => r.part.image.startsWith('/uploads/'))
    .map((r) => ({ line: r.line, image: r.part.image })),
  problems,
});
