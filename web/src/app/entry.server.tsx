// The server's render of a page (docs/decisions/058): the whole HTML once every part of it is
// ready: the API server compresses it and keeps a page rendered for everybody. The inline scripts
// carry the answer's nonce when the API server gives one (a page for one visitor).
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createRequestHandler,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
} from 'react-router';
import { NonceContext } from './nonce.ts';

/** A render that has not finished by then is cut short: what is pending shows its fallback. */
const RENDER_TIMEOUT_MS = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const { nonce } = loadContext;
  return new Promise((resolve, reject) => {
    let failed = false;
    const timer = setTimeout(() => abort(), RENDER_TIMEOUT_MS + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => {
            clearTimeout(timer);
            headers.set('content-type', 'text/html; charset=utf-8');
            resolve(
              new Response(Buffer.concat(chunks).toString('utf8'), {
                status: failed ? 500 : status,
                headers,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          failed = true;
          console.error(error);
        },
      },
    );
  });
}

export const streamTimeout = RENDER_TIMEOUT_MS;

/**
 * The request handler of this build, for the API server (server/src/plugins/web.ts): it imports
 * dist/server/index.js and runs this build with the same copy of React Router as its routes.
 */
export const requestHandler = (build: Parameters<typeof createRequestHandler>[0]) =>
  createRequestHandler(build, 'production');
