// The packages the built server (dist/) loads from node_modules at run time instead of carrying
// them in its bundle: native or wasm code, assets read from their own folder, worker threads,
// lazy imports. They are exactly the server's `dependencies` in package.json, so a production
// install (`npm install --omit=dev`) holds what the shop runs and nothing it was built from:
// everything bundled is a devDependency. proof/production-install.test.ts checks both.

/** Package names (or scopes) left external by server/build.mjs. */
export const EXTERNAL = [
  'sharp',
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pino',
  'thread-stream',
  'pg',
  'pg-native',
  'ioredis',
  'nodemailer',
  // Loads its standard fonts' metrics and its colour profile from its own folder at run time
  // (require('#standard-fonts/...'), import.meta.url); imported with the first PDF.
  'pdfkit',
  // Starts its threads from its own worker file (the PDFs, modules/invoices/pdf-pool.ts).
  'piscina',
  'prom-client',
  'stripe',
  '@aws-sdk',
  'prettier',
];

/**
 * External names that are not dependencies of their own: pino brings thread-stream, and
 * pg-native is pg's optional native binding, which the shop does not install. Prettier is what
 * @react-email/render imports only for its `pretty` option, which the order mails do not use:
 * left out of the bundle, never loaded.
 */
export const EXTERNAL_WITHOUT_DEPENDENCY = ['thread-stream', 'pg-native', 'prettier'];

/** Whether an import specifier resolves to an external package. */
export const isExternal = (specifier) =>
  EXTERNAL.some((name) => specifier === name || specifier.startsWith(`${name}/`));
