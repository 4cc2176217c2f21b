import type { ShippingMethod, ShippingZone, TaxExemption, TaxRate } from '@partsmith/contract';
import { vi } from 'vitest';
import { apiError, json, type ApiCall, type Routes } from '../../../test/mock-api.ts';

// What the Shipping page's and the exemption dialog's tests share: the shop's seeded zones and
// rate (server/src/db/migrations/0020_money.sql), and a mocked API that keeps what they change.

const idOf = (prefix: string, n: number) =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const US_ZONE = idOf('5a1e0000', 1);
export const EUROPE_ZONE = idOf('5a1e0000', 2);
export const WORLD_ZONE = idOf('5a1e0000', 3);
export const STANDARD_US = idOf('5a1e0001', 1);
export const TEXAS_RATE = idOf('7a500000', 1);

const method = (
  n: number,
  zoneId: string,
  name: string,
  price: number,
  freeAbove: number | null,
  min: number,
  max: number,
  position: number,
): ShippingMethod => ({
  _id: idOf('5a1e0001', n),
  zoneId,
  name,
  kind: 'flat',
  price,
  perKg: 0,
  freeAbove,
  days: { min, max },
  position,
});

export const seededZones = (): ShippingZone[] => [
  {
    _id: US_ZONE,
    name: 'United States',
    countries: ['US'],
    regions: [],
    position: 0,
    methods: [
      method(1, US_ZONE, 'Standard', 9.9, 500, 3, 5, 0),
      method(2, US_ZONE, 'Express', 24.9, null, 1, 2, 1),
    ],
  },
  {
    _id: EUROPE_ZONE,
    name: 'Europe',
    countries: ['AT', 'BE', 'DE', 'FR', 'GB', 'CH'],
    regions: [],
    position: 1,
    methods: [method(3, EUROPE_ZONE, 'International', 29, null, 5, 10, 0)],
  },
  {
    _id: WORLD_ZONE,
    name: 'Rest of the world',
    countries: [],
    regions: [],
    position: 2,
    methods: [method(4, WORLD_ZONE, 'International', 49, null, 7, 21, 0)],
  },
];

export const seededRates = (): TaxRate[] => [
  {
    _id: TEXAS_RATE,
    country: 'US',
    region: 'TX',
    name: 'Texas sales tax',
    rate: 8.25,
    shippingTaxed: true,
  },
];

/** Answers a call before the fake does (a refusal); undefined lets the fake answer. */
type Refuse = (call: ApiCall) => Response | undefined;

interface Body {
  [key: string]: unknown;
}

/**
 * Mocks fetch with the shipping routes over the seeded zones and rates and no exemptions: what a
 * POST, PUT or DELETE changes, the next GET answers. `routes` answer other calls (the session);
 * `refuse` answers a call first. A call nobody answers is a 404 naming it.
 */
export function mockShippingApi({
  refuse,
  routes = {},
  exemptions = {},
}: { refuse?: Refuse; routes?: Routes; exemptions?: Record<string, TaxExemption> } = {}) {
  let zones = seededZones();
  let rates = seededRates();
  const exempt = new Map(Object.entries(exemptions));
  let next = 100;
  const calls: ApiCall[] = [];

  const answer = (call: ApiCall): Response => {
    const { method: verb, path } = call;
    const body = (call.body ?? {}) as Body;
    const segments = path.split('/').slice(2).map(decodeURIComponent);
    const [resource, id, sub] = segments;
    const newId = () => idOf('10000000', next++);

    if (resource === 'shipping-zones' && !id) {
      if (verb === 'GET') return json(zones);
      if (verb === 'POST') {
        const zone = body as Omit<ShippingZone, '_id' | 'methods' | 'position'>;
        const saved = {
          ...zone,
          position: Number(body.position ?? zones.length),
          _id: newId(),
          methods: [],
        };
        zones = [...zones, saved];
        return json(saved);
      }
    }
    if (resource === 'shipping-zones' && id) {
      const zone = zones.find((z) => z._id === id);
      if (!zone) return apiError(404, 'There is no such shipping zone.');
      if (sub === 'methods' && verb === 'POST') {
        const added = methodOf(body, newId(), id, zone.methods.length);
        zones = zones.map((z) => (z._id === id ? { ...z, methods: [...z.methods, added] } : z));
        return json(added);
      }
      if (verb === 'PUT') {
        const saved = { ...zone, ...body } as ShippingZone;
        zones = zones.map((z) => (z._id === id ? saved : z));
        return json(saved);
      }
      if (verb === 'DELETE') {
        zones = zones.filter((z) => z._id !== id);
        return json({ acknowledged: true, deletedCount: 1 });
      }
    }
    if (resource === 'shipping-methods' && id) {
      const zone = zones.find((z) => z.methods.some((m) => m._id === id));
      if (!zone) return apiError(404, 'There is no such shipping method.');
      const old = zone.methods.find((m) => m._id === id)!;
      const kept =
        verb === 'PUT'
          ? zone.methods.map((m) => (m._id === id ? methodOf(body, id, zone._id, old.position) : m))
          : zone.methods.filter((m) => m._id !== id);
      zones = zones.map((z) => (z._id === zone._id ? { ...z, methods: kept } : z));
      return verb === 'PUT'
        ? json(kept.find((m) => m._id === id))
        : json({ acknowledged: true, deletedCount: 1 });
    }
    if (resource === 'tax-rates') {
      if (verb === 'GET' && !id) return json(rates);
      const clash = rates.find(
        (r) => r._id !== id && r.country === body.country && r.region === body.region,
      );
      if (verb === 'DELETE') {
        rates = rates.filter((r) => r._id !== id);
        return json({ acknowledged: true, deletedCount: 1 });
      }
      if (clash) return apiError(409, `${clash.name} is the rate of that place already.`);
      const saved = { ...(body as Omit<TaxRate, '_id'>), _id: id ?? newId() };
      rates = id ? rates.map((r) => (r._id === id ? saved : r)) : [...rates, saved];
      return json(saved);
    }
    if (resource === 'users' && sub === 'tax-exemption' && id) {
      const email = id.toLowerCase();
      const current = exempt.get(email);
      if (verb === 'GET')
        return current ? json(current) : apiError(404, 'This customer has no tax exemption.');
      if (verb === 'PUT') {
        const saved = {
          email,
          certificate: String(body.certificate),
          note: String(body.note ?? ''),
          recordedBy: 'ada@example.com',
          createdAt: '2025-06-02T10:00:00.000Z',
        };
        exempt.set(email, saved);
        return json(saved);
      }
      if (verb === 'DELETE') {
        if (!current) return apiError(404, 'This customer has no tax exemption.');
        exempt.delete(email);
        return json({ acknowledged: true, deletedCount: 1 });
      }
    }
    return apiError(404, `No mock for ${verb} ${path}`);
  };

  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const verb = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method: verb, path: url.pathname, body };
    calls.push(call);
    const own = routes[`${verb} ${url.pathname}`];
    if (own) return own(call);
    return refuse?.(call) ?? answer(call);
  });

  return {
    calls,
    callsTo: (verb: string, path: string) =>
      calls.filter((call) => call.method === verb && call.path === path),
    /** The calls that changed something (not GETs). */
    changes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

/** A method as the server stores a body it took: its delivery days as `days`. */
function methodOf(body: Body, id: string, zoneId: string, position: number): ShippingMethod {
  return {
    _id: id,
    zoneId,
    name: String(body.name),
    kind: body.kind === 'weight' ? 'weight' : 'flat',
    price: Number(body.price),
    perKg: Number(body.perKg ?? 0),
    freeAbove:
      body.freeAbove === null || body.freeAbove === undefined ? null : Number(body.freeAbove),
    days: { min: Number(body.minDays), max: Number(body.maxDays) },
    position,
  };
}
