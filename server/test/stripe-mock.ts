import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A small Stripe-speaking HTTP server on loopback for the few endpoints the shop calls:
 * POST /v1/payment_intents (form-encoded, honouring Idempotency-Key as Stripe does) and
 * GET /v1/payment_intents/:id (Stripe's 404 resource_missing when unknown), GET
 * /v1/payment_intents (list, filtered by created[gte]), POST /v1/payment_intents/:id/cancel
 * (Stripe's payment_intent_unexpected_state once succeeded, processing or canceled), POST
 * /v1/refunds (honouring Idempotency-Key; charge_already_refunded for a second refund) and GET
 * /v1/refunds. Tests point the official SDK at it through the provider's apiBase.
 */

export interface MockRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface MockPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  capture_method: 'automatic';
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body, decoded into nested objects (`metadata[orderId]` -> metadata.orderId). */
  params: Record<string, unknown>;
}

export interface StripeMock {
  apiBase: { host: string; port: number; protocol: 'http' };
  /** The secret key the server accepts (any other is 401, as Stripe answers a wrong key). */
  secretKey: string;
  requests: RecordedRequest[];
  intents: Map<string, MockPaymentIntent>;
  /** Refunds in full by payment intent id (one each: of what partial refunds left). */
  refunds: Map<string, MockRefund>;
  /** Partial refunds (with an `amount`), the first first. */
  partRefunds: MockRefund[];
  /** Test-only: what Stripe does when the buyer's card goes through (or fails). */
  setStatus(id: string, status: string): MockPaymentIntent;
  close(): Promise<void>;
}

const alnum = (bytes: number) =>
  randomBytes(bytes)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, bytes);

/** Decodes Stripe's form encoding: `a[b][c]=v` becomes { a: { b: { c: 'v' } } }. */
export function decodeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function stripeError(
  res: http.ServerResponse,
  status: number,
  error: { type: string; code?: string; param?: string; message: string },
) {
  send(res, status, { error });
}

function send(res: http.ServerResponse, status: number, body: unknown, replayed = false) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${alnum(14)}`,
    ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
  });
  res.end(JSON.stringify(body));
}

export async function startStripeMock(options: { secretKey?: string } = {}): Promise<StripeMock> {
  const secretKey = options.secretKey ?? `sk_test_${alnum(24)}`;
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, MockPaymentIntent>();
  const byIdempotencyKey = new Map<string, { body: string; id: string }>();
  const refunds = new Map<string, MockRefund>();
  const refundsByKey = new Map<string, MockRefund>();
  const partRefunds: MockRefund[] = [];
  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
  const unexpectedState = (res: http.ServerResponse, intent: MockPaymentIntent) =>
    stripeError(res, 400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const params = decodeForm(body);
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params });

      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided.',
        });
      }

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) {
          const first = byIdempotencyKey.get(key)!;
          if (first.body !== body) {
            return stripeError(res, 400, {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            });
          }
          return send(res, 200, intents.get(first.id), true);
        }
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 1) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: 'amount',
            message: 'Missing required param: amount.',
          });
        }
        if (typeof params.currency !== 'string') {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: 'currency',
            message: 'Missing required param: currency.',
          });
        }
        const id = `pi_${alnum(24)}`;
        const apm = params.automatic_payment_methods as Record<string, string> | undefined;
        const intent: MockPaymentIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: params.currency.toLowerCase(),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${alnum(24)}`,
          metadata: (params.metadata as Record<string, string> | undefined) ?? {},
          description: typeof params.description === 'string' ? params.description : null,
          receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
          automatic_payment_methods: apm
            ? { enabled: apm.enabled === 'true', allow_redirects: apm.allow_redirects }
            : null,
          capture_method: 'automatic',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, intent);
        if (typeof key === 'string') byIdempotencyKey.set(key, { body, id });
        return send(res, 200, intent);
      }

      if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
        const gte = Number(url.searchParams.get('created[gte]') ?? 0);
        const found = [...intents.values()].filter((i) => i.created >= gte);
        return send(res, 200, list('/v1/payment_intents', found));
      }

      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(decodeURIComponent(cancel[1]!));
        if (!intent) {
          return stripeError(res, 404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${cancel[1]}'`,
          });
        }
        if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
          return unexpectedState(res, intent);
        }
        intent.status = 'canceled';
        return send(res, 200, intent);
      }

      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && refundsByKey.has(key)) {
          return send(res, 200, refundsByKey.get(key), true);
        }
        const intent = intents.get(String(params.payment_intent));
        if (!intent || intent.status !== 'succeeded') {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: intent ? 'charge_not_refundable' : 'resource_missing',
            message: 'This PaymentIntent has no successful charge to refund.',
          });
        }
        const partial = partRefunds.filter((r) => r.payment_intent === intent.id);
        const left = intent.amount_received - partial.reduce((sum, r) => sum + r.amount, 0);
        if (params.amount !== undefined) {
          const amount = Number(params.amount);
          if (refunds.has(intent.id) || !(amount > 0) || amount > left) {
            return stripeError(res, 400, {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              param: 'amount',
              message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            });
          }
          const part: MockRefund = {
            id: `re_${alnum(24)}`,
            object: 'refund',
            amount,
            currency: intent.currency,
            payment_intent: intent.id,
            status: 'succeeded',
            metadata: (params.metadata as Record<string, string> | undefined) ?? {},
            created: Math.floor(Date.now() / 1000),
          };
          partRefunds.push(part);
          if (typeof key === 'string') refundsByKey.set(key, part);
          return send(res, 200, part);
        }
        if (refunds.has(intent.id) || left <= 0) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Charge has already been refunded.',
          });
        }
        const refund: MockRefund = {
          id: `re_${alnum(24)}`,
          object: 'refund',
          amount: left,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          metadata: (params.metadata as Record<string, string> | undefined) ?? {},
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(intent.id, refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return send(res, 200, refund);
      }

      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const pi = url.searchParams.get('payment_intent');
        const found = [...refunds.values()].filter((r) => !pi || r.payment_intent === pi);
        return send(res, 200, list('/v1/refunds', found));
      }

      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const id = decodeURIComponent(match[1]!);
        const intent = intents.get(id);
        if (!intent) {
          return stripeError(res, 404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${id}'`,
          });
        }
        return send(res, 200, intent);
      }

      return stripeError(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    requests,
    intents,
    refunds,
    partRefunds,
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no payment intent ${id}`);
      intent.status = status;
      intent.amount_received = status === 'succeeded' ? intent.amount : 0;
      return intent;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** A Stripe event's JSON, as Stripe would deliver it to the webhook, about this object. */
export function stripeEvent(
  object: MockPaymentIntent | Record<string, unknown>,
  type = 'payment_intent.succeeded',
) {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}
