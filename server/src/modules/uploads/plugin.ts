import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDiskImageStore, type ImageStore } from './images.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are kept (UPLOADS_DIR). */
    images: ImageStore;
  }
}

export const images = fp(async function images(app: FastifyInstance) {
  app.decorate('images', createDiskImageStore(app.config.uploadsDir));
});
