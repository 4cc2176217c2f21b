import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  getTotals,
  lintFromString,
  loadConfig,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

/**
 * The OpenAPI description passes Redocly's recommended rules (redocly.yaml at the repository
 * root, the same file `npx redocly lint` reads) with no errors, as the shop describes itself
 * without and with Stripe (which adds the webhook route).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function lint(env: Record<string, string>) {
  const t = await buildTestApp('pglite', { env });
  try {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const config = await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({
      source: res.body,
      absoluteRef: path.join(ROOT, 'openapi.json'),
      config,
    });
    const routes = t.app.apiRoutes.flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((method) => ({
          method,
          url: r.url,
          access: r.config?.access,
          limit: r.config?.limit,
        })),
    );
    return { problems, spec: res.json(), routes };
  } finally {
    await t.close();
  }
}

/** Prints the counts; answers the errors, each with its rule and place, for the assertion. */
function errorsOf(what: string, problems: NormalizedProblem[]) {
  const totals = getTotals(problems);
  console.log(`openapi lint (${what}): ${totals.errors} errors, ${totals.warnings} warnings`);
  return problems
    .filter((p) => p.severity === 'error' && !p.ignored)
    .map((p) => {
      const where = p.location[0];
      return `${p.ruleId}: ${p.message} (${where && 'pointer' in where ? where.pointer : ''})`;
    });
}

describe('the OpenAPI description at /api/docs/json', () => {
  it("has no errors by Redocly's recommended rules, and each route's declarations", async () => {
    const { problems, spec, routes } = await lint({});
    expect(errorsOf('the shop', problems)).toEqual([]);

    // What the rules ask for is there, not only unflagged: every operation is named and secured.
    type Operation = {
      operationId?: string;
      summary?: string;
      security?: unknown[];
      responses: Record<string, unknown>;
    };
    const paths = spec.paths as Record<string, Record<string, Operation>>;
    const operations = Object.values(paths).flatMap((item) => Object.values(item));
    for (const op of operations) {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary).toBeTruthy();
      expect(op.security).toBeDefined();
    }
    expect(Object.keys(spec.components.securitySchemes).sort()).toEqual([
      'bearerToken',
      'sessionCookie',
    ]);

    // Every API route is described (under its URL, whatever its parameters are named), with the
    // security and answers its `config` declares. Better Auth's wildcard and the UI are not.
    const shape = (url: string) => url.replace(/:[^/]+|\{[^}]+\}/g, '{}');
    const described = new Map(
      Object.entries(paths).flatMap(([url, item]) =>
        Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${shape(url)}`, op]),
      ),
    );
    const apiRoutes = routes.filter(
      (r) => !r.url.startsWith('/api/auth/') && !r.url.startsWith('/api/docs'),
    );
    expect(apiRoutes.length).toBeGreaterThan(30);
    for (const route of apiRoutes) {
      const op = described.get(`${route.method} ${shape(route.url)}`);
      expect(op, `${route.method} ${route.url} is not described`).toBeDefined();
      const signedIn = route.access !== 'public';
      expect(op!.security).toEqual(signedIn ? [{ sessionCookie: [] }, { bearerToken: [] }] : []);
      if (signedIn) expect(op!.responses).toHaveProperty('401');
      if (route.access === 'verified' || route.access === 'admin')
        expect(op!.responses).toHaveProperty('403');
      if (route.limit) expect(op!.responses).toHaveProperty('429');
    }
  });

  it('has no errors with METRICS_TOKEN, and describes the metrics route and its token', async () => {
    const { problems, spec } = await lint({ METRICS_TOKEN: 'metrics-token-for-the-lint-0123' });
    expect(errorsOf('with metrics', problems)).toEqual([]);
    expect(spec.components.securitySchemes.metricsToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const op = spec.paths['/api/metrics'].get;
    expect(op).toMatchObject({
      operationId: 'getMetrics',
      tags: ['metrics'],
      security: [{ metricsToken: [] }],
      responses: {
        200: { content: { 'text/plain': { schema: { type: 'string' } } } },
        401: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        },
      },
    });
    expect(op.summary).toBeTruthy();
  });

  it('has no errors either on a shop that takes payments through Stripe', async () => {
    const { problems, spec } = await lint({
      STRIPE_SECRET_KEY: 'sk_test_partsmith_lint',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_partsmith_lint',
      STRIPE_WEBHOOK_SECRET: 'whsec_partsmith_lint',
    });
    expect(spec.paths['/api/webhooks/stripe']).toBeDefined();
    expect(errorsOf('with Stripe', problems)).toEqual([]);
  });
});
