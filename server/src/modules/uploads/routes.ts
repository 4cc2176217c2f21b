import os from 'node:os';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, UPLOAD_MAX_BYTES, UploadAnswer } from '@partsmith/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { makePrivateFolder } from '../../lib/private-files.ts';
import { reencodeImage, UPLOAD_CACHE_CONTROL, UPLOAD_CSP, UPLOAD_NAME } from './images.ts';

/**
 * How many uploads one instance decodes and re-encodes at once: each holds up to 25 megapixels
 * in sharp's memory, so a burst is refused (429) rather than queued into the server's memory.
 */
export const UPLOADS_AT_ONCE = Math.max(2, os.availableParallelism());

/** POST /api/upload: field `image`, JPEG/PNG/WebP by content, at most 5 MB and 25 megapixels. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  let processing = 0;
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });

  app.post(
    '/upload',
    {
      config: { access: 'verified', limit: 'upload' },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload an image (multipart field "image"); it is re-encoded to WebP without metadata',
        consumes: ['multipart/form-data'],
        response: { 200: UploadAnswer, 400: ApiError, 413: ApiError, 415: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      if (processing >= UPLOADS_AT_ONCE) {
        throw new HttpError(
          429,
          'The shop is processing many images right now. Please try again in a few seconds.',
          { 'retry-after': '5' },
        );
      }
      processing += 1;
      try {
        return await processUpload(request);
      } finally {
        processing -= 1;
      }
    },
  );

  async function processUpload(request: FastifyRequest) {
    if (!request.isMultipart())
      throw new HttpError(415, 'Send the image as multipart/form-data in a field named "image".');
    const file = await request.file();
    if (!file || file.fieldname !== 'image')
      throw new HttpError(400, 'Send the image in a field named "image".');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, 'The image is too large: at most 5 MB.');
      }
      throw error;
    }
    const webp = await reencodeImage(bytes);
    return { display_url: await app.images.save(webp) };
  }
};

/**
 * Serves stored uploads at /uploads/: from the folder, or read from the bucket when the uploads
 * are in S3 (so images work with no public bucket; with S3_PUBLIC_URL browsers fetch new ones
 * from there, and URLs saved as /uploads/... keep working). Unique names, so cached for a year;
 * never run as anything but an image.
 */
export async function uploadsStatic(app: FastifyInstance, options: { dir: string }) {
  const store = app.images;
  if (store.open) {
    const open = store.open.bind(store);
    app.get(
      '/uploads/:name',
      { schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
        const { name } = request.params;
        if (!UPLOAD_NAME.test(name)) return reply.callNotFound();
        const file = await open(name, request.headers['if-none-match']);
        if (!file) return reply.callNotFound();
        reply.header('cache-control', UPLOAD_CACHE_CONTROL);
        reply.header('content-security-policy', UPLOAD_CSP);
        if (file.etag) reply.header('etag', file.etag);
        if (file.notModified) return reply.code(304).send();
        if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
        if (file.length !== undefined) reply.header('content-length', file.length);
        return reply.type('image/webp').send(file.body);
      },
    );
    return;
  }
  makePrivateFolder(options.dir);
  await app.register(fastifyStatic, {
    root: options.dir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathname) => /^\/[A-Za-z0-9_-]+\.webp$/.test(pathname),
    setHeaders(reply) {
      reply.header('cache-control', UPLOAD_CACHE_CONTROL);
      reply.header('content-security-policy', UPLOAD_CSP);
    },
  });
}
