import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDiskImageStore, type ImageStore } from './images.ts';
import { createS3ImageStore } from './s3-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are kept: the S3_BUCKET bucket, or else the UPLOADS_DIR folder. */
    images: ImageStore;
  }
}

export const images = fp(async function images(app: FastifyInstance) {
  const { s3, uploadsDir } = app.config;
  const store = s3 ? await createS3ImageStore(s3) : createDiskImageStore(uploadsDir);
  app.decorate('images', store);
  app.addHook('onClose', async () => {
    await store.close?.();
  });
});
