import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Address,
  AddressBody,
  AddressList,
  ApiError,
  CountryList,
  IdParams,
  InsertedAnswer,
  MAX_ADDRESSES,
  NewAddressBody,
} from '@partsmith/contract';
import { countryList } from './countries.ts';
import { createAddressesService } from './service.ts';

/** The countries change only with the libraries, that is with a new release of the shop. */
export const COUNTRIES_CACHE_CONTROL = 'public, max-age=86400';

const CHECKS =
  'The country is an ISO 3166-1 alpha-2 code (US, DE); the region an ISO 3166-2 code without ' +
  'the country (TX), one of GET /api/countries’ for the country, and required where that says ' +
  'so; the postal code must fit the country’s format; the phone must be a valid number (read as ' +
  'one of the address’s country unless it starts with +), stored in E.164; in the EU, the UK, ' +
  'Switzerland and Norway the tax ID must be a valid VAT number (with or without its country ' +
  'prefix; stored with it, upper case). A wrong field answers 422 naming it.';

/**
 * Sends the country list's JSON text, made beforehand, as it is (Fastify does not serialise a
 * string of a JSON type): checking and writing the 250 countries' 4,000 regions took 8 ms a call.
 */
const sendCountries = (reply: FastifyReply, json: string) =>
  reply
    .type('application/json; charset=utf-8')
    .header('cache-control', COUNTRIES_CACHE_CONTROL)
    .send(json);

const NoContent = z.null().describe('The address is deleted');

const SHARED =
  'A company’s addresses (issue 49: those with `companyId`) are changed and deleted by its ' +
  'owner and admins only: its other members get 403; anyone outside the company 404, as for ' +
  'another account’s address.';

/**
 * The signed-in customer's address book, and their company's shared addresses; another
 * account's address answers 404 like a missing one.
 */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAddressesService(app.db);
  // Made on the first call, then kept as the answer's text: the list is fixed and large (every
  // country's regions), and the shop starts without the work.
  let countriesJson: string | undefined;

  app.get(
    '/countries',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        operationId: 'listCountries',
        summary: 'The countries an address may be in, with their regions',
        description:
          'Every ISO 3166-1 country, sorted by its English name, with the regions an address ' +
          'may name (their ISO 3166-2 codes without the country) and whether it must name one. ' +
          'Browsers and proxies may keep the answer a day.',
        response: { 200: CountryList },
      },
    },
    async (_request, reply) =>
      sendCountries(reply, (countriesJson ??= JSON.stringify(CountryList.parse(countryList())))),
  );

  app.get(
    '/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        operationId: 'listAddresses',
        summary: 'Your address book: the default address first, then the newest',
        description:
          'Your own addresses, the default first, then the newest. A member of a company then ' +
          'gets the company’s shared addresses in the same order (its default first), each with ' +
          '`companyId`, `companyName` and `editable` (whether you may change or delete it: the ' +
          'company’s owner and admins). Any member may ship to them (POST /api/checkout, a ' +
          'quote’s acceptance); a member who leaves the company no longer sees them.',
        response: { 200: AddressList },
      },
    },
    async (request) => service.list(request.user!.id),
  );

  app.post(
    '/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        operationId: 'addAddress',
        summary: 'Add an address to your address book',
        description:
          `${CHECKS} The first address becomes the default, as does one sent with ` +
          `\`isDefault: true\`. An address book holds at most ${MAX_ADDRESSES} addresses (422). ` +
          'With `shared: true` the address is your company’s, for all its members: only its ' +
          'owner and admins may share one (403 for its other members, 422 when you belong to ' +
          `no company); the company's first address, or one sent with \`isDefault: true\`, is ` +
          `its default, and it holds at most ${MAX_ADDRESSES} addresses too.`,
        body: NewAddressBody,
        response: { 201: InsertedAnswer, 403: ApiError, 422: ApiError },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.add(request.user!.id, request.body)),
  );

  app.put(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        operationId: 'replaceAddress',
        summary: 'Change one of your addresses (the whole address is sent)',
        description:
          `${CHECKS} \`isDefault: true\` makes it the default; the default stays so until ` +
          'another address is made the default. A company’s address stays the company’s, and ' +
          `its \`isDefault\` is the company's default. ${SHARED}`,
        params: IdParams,
        body: AddressBody,
        response: { 200: Address, 403: ApiError, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => service.replace(request.user!.id, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        operationId: 'deleteAddress',
        summary: 'Delete one of your addresses',
        description:
          'When it was the default, the newest address left becomes the default. Orders keep ' +
          `the address they were placed with. ${SHARED}`,
        params: IdParams,
        response: { 204: NoContent, 403: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      await service.remove(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
