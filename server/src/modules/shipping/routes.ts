import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  DeleteAnswer,
  EmailParams,
  IdParams,
  ShippingMethod,
  ShippingMethodBody,
  ShippingZone,
  ShippingZoneBody,
  ShippingZoneList,
  TaxExemption,
  TaxExemptionBody,
  TaxRate,
  TaxRateBody,
  TaxRateList,
} from '@partsmith/contract';
import {
  addMethod,
  addRate,
  addZone,
  deleteExemption,
  deleteMethod,
  deleteRate,
  deleteZone,
  getExemption,
  listRates,
  listZones,
  saveExemption,
  updateMethod,
  updateRate,
  updateZone,
} from './service.ts';

const ZONE_PLACES =
  'Countries are ISO 3166-1 two-letter codes (US, DE), regions are written country-region (US-AK), each a real place (422 naming the first that is not). A zone with neither is the rest of the world. A destination takes the most specific zone: one naming its region, else one naming its country, else the rest of the world; among equals the lowest position, then the name. A place may be in several zones.';
const MONEY = 'Prices are in dollars (two decimals at most); a `freeAbove` of null is never free.';

/** Shipping zones and methods, sales tax rates and customers' tax exemptions (issue 47). */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deleted = { acknowledged: true as const, deletedCount: 1 };

  app.get(
    '/shipping-zones',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every shipping zone with its methods, each by position',
        response: { 200: ShippingZoneList },
      },
    },
    async () => listZones(app.db),
  );

  app.post(
    '/shipping-zones',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a shipping zone (after the others unless a position is given)',
        description: ZONE_PLACES,
        body: ShippingZoneBody,
        response: { 200: ShippingZone, 422: ApiError },
      },
    },
    async (request) => addZone(app.db, request.body, request.user!),
  );

  app.put(
    '/shipping-zones/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Change a shipping zone's name, places or position",
        description: `${ZONE_PLACES} Answers the zone with its methods.`,
        params: IdParams,
        body: ShippingZoneBody,
        response: { 200: ShippingZone, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => updateZone(app.db, request.params.id, request.body, request.user!),
  );

  app.delete(
    '/shipping-zones/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a shipping zone and its methods',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => {
      await deleteZone(app.db, request.params.id, request.user!);
      return deleted;
    },
  );

  app.post(
    '/shipping-zones/:id/methods',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a shipping method to a zone (after its others unless a position is given)',
        description: `flat: \`price\` per order; weight: \`price\` plus \`perKg\` for every started kilogram (a flat method with a \`perKg\` is a 422). ${MONEY}`,
        params: IdParams,
        body: ShippingMethodBody,
        response: { 200: ShippingMethod, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => addMethod(app.db, request.params.id, request.body, request.user!),
  );

  app.put(
    '/shipping-methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change a shipping method (it stays in its zone)',
        description: MONEY,
        params: IdParams,
        body: ShippingMethodBody,
        response: { 200: ShippingMethod, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => updateMethod(app.db, request.params.id, request.body, request.user!),
  );

  app.delete(
    '/shipping-methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a shipping method',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => {
      await deleteMethod(app.db, request.params.id, request.user!);
      return deleted;
    },
  );

  app.get(
    '/tax-rates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every sales tax rate, by country (its whole-country rate first) and region',
        response: { 200: TaxRateList },
      },
    },
    async () => listRates(app.db),
  );

  const RATE_RULES =
    'One rate per country as a whole (`region` null) and one per region (TX, without the country); a destination in a region pays both. The country must be an ISO 3166-1 code and the region one of its own (422). A place that already has a rate is a 409.';

  app.post(
    '/tax-rates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a sales tax rate for a country or one of its regions',
        description: RATE_RULES,
        body: TaxRateBody,
        response: { 200: TaxRate, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => addRate(app.db, request.body, request.user!),
  );

  app.put(
    '/tax-rates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change a sales tax rate',
        description: RATE_RULES,
        params: IdParams,
        body: TaxRateBody,
        response: { 200: TaxRate, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => updateRate(app.db, request.params.id, request.body, request.user!),
  );

  app.delete(
    '/tax-rates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a sales tax rate',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => {
      await deleteRate(app.db, request.params.id, request.user!);
      return deleted;
    },
  );

  app.get(
    '/users/:email/tax-exemption',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A customer's sales tax exemption (404 when they have none)",
        params: EmailParams,
        response: { 200: TaxExemption, 404: ApiError },
      },
    },
    async (request) => getExemption(app.db, request.params.email),
  );

  app.put(
    '/users/:email/tax-exemption',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Record a customer's sales tax exemption, or replace theirs",
        description: 'Their later orders carry no sales tax.',
        params: EmailParams,
        body: TaxExemptionBody,
        response: { 200: TaxExemption, 404: ApiError },
      },
    },
    async (request) => saveExemption(app.db, request.params.email, request.body, request.user!),
  );

  app.delete(
    '/users/:email/tax-exemption',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "End a customer's sales tax exemption (their later orders are taxed)",
        params: EmailParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => {
      await deleteExemption(app.db, request.params.email, request.user!);
      return deleted;
    },
  );
};
