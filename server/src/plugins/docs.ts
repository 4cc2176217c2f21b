import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@partsmith/contract';
import { COOKIE_PREFIX } from '../auth/auth.ts';
import { authPaths } from '../auth/openapi.ts';
import { organizationPaths } from '../auth/organization-openapi.ts';
import type { Config } from '../config.ts';

/** What a signed-in caller sends: the browser's session cookie or a client's Bearer token. */
const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];

/**
 * Readable, stable operation ids (client generators name their functions after them), keyed by
 * method and route. A route missing here gets one made from its method and path.
 */
const OPERATION_IDS: Record<string, string> = {
  'GET /api/auth-providers': 'getAuthProviders',
  'GET /api/healthz': 'getHealth',
  'GET /api/readyz': 'getReadiness',
  'GET /api/allParts': 'getAllParts',
  'GET /api/part/:id': 'getPart',
  'GET /api/reviews': 'getReviews',
  'POST /api/addReview': 'addReview',
  'GET /api/allReviews': 'getAllReviews',
  'PATCH /api/reviews/:id': 'setReviewVisibility',
  'DELETE /api/reviews/:id': 'deleteReview',
  'POST /api/contact': 'sendContactMessage',
  'POST /api/newsletter': 'subscribeNewsletter',
  'GET /api/newsletter/confirm': 'confirmNewsletter',
  'GET /api/newsletter/unsubscribe': 'unsubscribeNewsletter',
  'POST /api/newsletter/unsubscribe': 'unsubscribeNewsletterOneClick',
  'GET /api/admin/:email': 'checkAdmin',
  'PUT /api/user/:email': 'issueBearerToken',
  'POST /api/purchase': 'purchasePart',
  'GET /api/orders': 'getMyOrders',
  'GET /api/purchase/:id': 'getOrder',
  'PATCH /api/purchase/:id': 'markOrderPaid',
  'DELETE /api/orders/:id': 'deleteOrder',
  'GET /api/payment-config': 'getPaymentConfig',
  'POST /api/create-payment-intent': 'createPaymentIntent',
  'POST /api/test-payments/confirm': 'confirmTestPayment',
  'POST /api/upload': 'uploadImage',
  'GET /api/userProfile/:email': 'getProfile',
  'PUT /api/createProfile/:email': 'saveProfile',
  'POST /api/addParts': 'addPart',
  'PATCH /api/tools/:id': 'updatePart',
  'DELETE /api/tools/:id': 'deletePart',
  'GET /api/users': 'getUsers',
  'PUT /api/users/admin/:email': 'makeAdmin',
  'DELETE /api/user/:id': 'deleteUser',
  'GET /api/allPurchases': 'getAllOrders',
  'PUT /api/changeStatus/:id': 'shipOrder',
  'GET /api/audit-log': 'getAuditLog',
  'POST /api/webhooks/stripe': 'receiveStripeWebhook',
  'GET /api/metrics': 'getMetrics',
  'POST /api/parts/:id/stock-alerts': 'subscribeStockAlert',
  'DELETE /api/parts/:id/stock-alerts': 'cancelStockAlert',
  'GET /api/stock-alerts/confirm': 'confirmStockAlert',
};

const TAGS = [
  { name: 'parts', description: 'The catalogue' },
  { name: 'reviews', description: "Customers' reviews" },
  { name: 'orders', description: 'Buying parts, and your orders' },
  {
    name: 'cart',
    description:
      "Your cart, kept on the server: a visitor's by a signed cookie, joined to the account's at sign-in",
  },
  {
    name: 'quotes',
    description:
      'Asking a price for parts and quantities, answering it (admins), accepting it as an order',
  },
  { name: 'payments', description: 'Paying an order (test processor or Stripe)' },
  { name: 'uploads', description: 'Uploading images (re-encoded to WebP)' },
  { name: 'profiles', description: 'Customer profiles' },
  { name: 'users', description: 'Your account' },
  { name: 'auth', description: 'Signing up, in and out (Better Auth, under /api/auth)' },
  { name: 'contact', description: 'Contact form and newsletter' },
  {
    name: 'companies',
    description:
      'Business buyers: your company, its spending limits (companies, members and invitations are Better Auth organization routes under /api/auth/organization)',
  },
  { name: 'admin', description: 'Running the shop (administrators only)' },
  { name: 'health', description: 'Liveness and readiness' },
];

/** With METRICS_TOKEN: its route's tag, and the scraper's credential (not a session). */
const METRICS_TAG = { name: 'metrics', description: 'Prometheus metrics (with METRICS_TOKEN)' };
const METRICS_TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description: 'The METRICS_TOKEN the shop is configured with',
} as const;

/** `getOrdersById` from `GET /api/orders/:id`: unique as long as method and path are. */
function derivedOperationId(method: string, url: string) {
  const words = url
    .split('/')
    .filter((s) => s && s !== 'api')
    .flatMap((s) => (s.startsWith(':') ? ['by', s.slice(1)] : s.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return (
    method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')
  ).replace(/[^A-Za-z0-9]/g, '');
}

/**
 * The answers every route can give by its declarations, added where the route does not list
 * them: 400 when it validates input, 401 when it needs a session, 403 when it also needs a
 * confirmed address or an admin, 429 when it counts against a limit. Also its security (from
 * `config.access`) and its operation id.
 */
function declaredAnswers(route: RouteOptions, schema: FastifySchema): FastifySchema {
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: number) => (response[status] ??= ApiError);
  const access = route.config?.access;
  if (schema.body || schema.querystring || schema.params || schema.headers) add(400);
  if (access && access !== 'public') add(401);
  if (access === 'verified' || access === 'admin') add(403);
  if (route.config?.limit) add(429);
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  // One schema serves every method of a route: only a single-method route can be named.
  const key = `${methods.join(',')} ${route.url}`;
  return {
    ...schema,
    response,
    // A route with a credential of its own (the metrics token) declares it.
    security: schema.security ?? (access === 'public' ? [] : SIGNED_IN),
    operationId:
      schema.operationId ?? OPERATION_IDS[key] ?? derivedOperationId(methods.join(''), route.url),
  };
}

const transform: SwaggerTransform = (document) => {
  const { route, url } = document;
  // The description is of the API: the sitemap and the web app's pages are not in it.
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  return jsonSchemaTransform({
    ...document,
    schema: declaredAnswers(route, document.schema ?? {}),
  });
};

interface Operation {
  parameters?: { in: string; name: string }[];
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
}
type PathItem = Record<string, Operation>;

/**
 * PUT /api/user/:email and DELETE /api/user/:id are one path to OpenAPI (a path's template is
 * shared by its methods): document them under one template, `{emailOrId}`, each operation with
 * its own parameter schema. The URLs stay as they are.
 */
function mergeIdenticalPaths(paths: Record<string, PathItem>) {
  const shapes = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    shapes.set(shape, [...(shapes.get(shape) ?? []), path]);
  }
  const merged: Record<string, PathItem> = {};
  for (const [shape, group] of shapes) {
    if (group.length === 1) {
      merged[group[0]!] = paths[group[0]!]!;
      continue;
    }
    const namesAt = group.map((p) => [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
    const shared = namesAt[0]!.map((_, i) =>
      [...new Set(namesAt.map((names) => names[i]!))]
        .map((n, j) => (j === 0 ? n : n[0]!.toUpperCase() + n.slice(1)))
        .join('Or'),
    );
    let at = 0;
    const path = shape.replace(/\{\}/g, () => `{${shared[at++]}}`);
    merged[path] = {};
    group.forEach((p, k) => {
      for (const [method, operation] of Object.entries(paths[p]!)) {
        for (const parameter of operation.parameters ?? []) {
          const i = namesAt[k]!.indexOf(parameter.name);
          if (parameter.in === 'path' && i >= 0) parameter.name = shared[i]!;
        }
        merged[path]![method] = operation;
      }
    });
  }
  return merged;
}

/** The one error shape, as every route's schema makes it inline. */
const API_ERROR = JSON.stringify(z.toJSONSchema(ApiError, { target: 'openapi-3.0', io: 'output' }));

const transformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const paths = mergeIdenticalPaths(document.openapiObject.paths as Record<string, PathItem>);
  Object.assign(paths, authPaths(SIGNED_IN), organizationPaths(SIGNED_IN));
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        // @fastify/swagger's placeholder; the status's own name says more.
        if (answer.description === 'Default Response')
          answer.description = STATUS_CODES[status] ?? status;
        // The error shape once, as a component: generated clients get one named error type.
        for (const media of Object.values(answer.content ?? {})) {
          if (JSON.stringify(media.schema) === API_ERROR)
            media.schema = { $ref: '#/components/schemas/ApiError' };
        }
      }
    }
  }
  const { components } = document.openapiObject;
  return {
    ...document.openapiObject,
    components: {
      ...components,
      schemas: { ...components?.schemas, ApiError: JSON.parse(API_ERROR) },
    },
    paths,
  } as ReturnType<SwaggerTransformObject>;
};

/** Better Auth's session cookie: `__Secure-` on an https shop (its useSecureCookies). */
function sessionCookieName(config: Config) {
  const secure = config.publicUrl.startsWith('https://') ? '__Secure-' : '';
  return `${secure}${COOKIE_PREFIX}.session_token`;
}

/** OpenAPI generated from the same zod schemas that validate the routes; UI at /api/docs. */
export const openApi = fp(async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Partsmith API',
        description:
          'The API of the Partsmith shop. Paths follow the storefront specification under /api.\n\n' +
          'Sign up and in under `/api/auth` (Better Auth). A browser then sends the session ' +
          'cookie; any other client sends `Authorization: Bearer <token>`, the token coming in ' +
          'the `set-auth-token` header of sign-in (or from `PUT /api/user/{emailOrId}`). ' +
          'Orders, payments, reviews and uploads also need a confirmed e-mail address.',
        version: '1.0.0',
      },
      servers: [{ url: new URL(app.config.publicUrl).origin, description: 'This shop' }],
      tags: app.config.metricsToken ? [...TAGS, METRICS_TAG] : TAGS,
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(app.config),
            description: 'The session cookie Better Auth sets when a browser signs in',
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token: the `set-auth-token` header of sign-in, or `PUT /api/user/{emailOrId}`',
          },
          ...(app.config.metricsToken ? { metricsToken: METRICS_TOKEN_SCHEME } : {}),
        },
      },
    },
    transform,
    transformObject,
  });
});

export async function openApiUi(app: FastifyInstance) {
  // The documentation pages are public; declare it for each route the UI plugin adds.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
