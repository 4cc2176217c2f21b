import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  CheckoutProblem,
  PurchaseAnswer,
  Quote,
  QuoteAcceptBody,
  CheckoutPreview,
  CheckoutPreviewBody,
  QuoteAnswerBody,
  QuoteParams,
  QuoteRequestBody,
} from '@partsmith/contract';
import { askApprovers, businessCheckout } from '../orders/business.ts';

/**
 * Quotes: a customer asks a price for parts and quantities (POST /api/quotes), an admin answers
 * (PUT /api/quotes/:id), the customer accepts and gets an unpaid order at the quoted prices
 * (POST /api/quotes/:id/accept), paid on the usual payment page.
 */
export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.quotes;

  app.post(
    '/quotes',
    {
      config: { access: 'verified', limit: 'quote' },
      schema: {
        tags: ['quotes'],
        summary: 'Ask for a price on parts and quantities',
        description:
          'Each part must be in the catalogue and each quantity at least its minimum order (a quote may ask for more than is in stock). The admins are told by mail.',
        body: QuoteRequestBody,
        response: { 200: Quote, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => service.request(request.body, request.user!),
  );

  app.get(
    '/quotes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary: 'Your quotes, newest first (an admin: every quote, open requests first)',
        response: { 200: z.array(Quote) },
      },
    },
    async (request) => service.list(request.user!),
  );

  app.get(
    '/company/quotes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary: "Your company's quotes, newest first (its owner, admins and approvers)",
        description:
          'The quotes its members asked as members (since they joined, while they are members), yours too, each with who asked (`userName`, `userEmail`) and the company price of its lines (`companyPrice`). Only the member who asked accepts a quote. 403 for a buyer of the company and for a customer in none.',
        response: { 200: z.array(Quote), 403: ApiError },
      },
    },
    async (request) => service.companyList(request.user!),
  );

  app.get(
    '/quotes/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary: "One of your quotes (an admin: any; your company's approvers: yours)",
        description:
          "Your company's owner, admins and approvers read the quotes its members asked as members; anyone else gets 404.",
        params: QuoteParams,
        response: { 200: Quote, 404: ApiError },
      },
    },
    async (request) => service.get(request.params.id, request.user!),
  );

  app.put(
    '/quotes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['quotes'],
        summary: 'Answer a quote: a unit price for every line and the last day they hold',
        description:
          'With an optional `message` to the customer (at most 2000 characters), shown with the quote and in its mail. Replaces an earlier answer, its message too, while the quote is not accepted. The customer is told by mail; the answer is audited.',
        params: QuoteParams,
        body: QuoteAnswerBody,
        response: { 200: Quote, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => service.answer(request.params.id, request.body, request.user!),
  );

  app.post(
    '/quotes/:id/preview',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['quotes'],
        summary: 'What accepting an answered quote comes to, shipped to one of your addresses',
        description:
          'The quoted lines, their sum, the shipping methods that reach the address (priced, cheapest first), the chosen one (the cheapest when `shippingMethod` is left out), each sales tax and the total. Nothing is placed.',
        params: QuoteParams,
        body: CheckoutPreviewBody,
        response: {
          200: CheckoutPreview,
          404: ApiError,
          409: ApiError,
          410: ApiError,
          422: ApiError,
        },
      },
    },
    async (request) => service.preview(request.params.id, request.body, request.user!),
  );

  app.post(
    '/quotes/:id/accept',
    {
      config: { access: 'verified', limit: 'purchase' },
      schema: {
        tags: ['quotes'],
        summary: 'Accept a quote: it becomes an unpaid order at the quoted prices',
        description:
          "Shipped to `addressId` of your address book (or your company's) by `shippingMethod` (the cheapest when left out), with its shipping and sales tax, as POST /api/quotes/:id/preview shows. A company's member accepts on its terms as at checkout: `poNumber` (required where its terms say so), `payment: \"invoice\"` on payment terms within the credit limit (409 above it), and an order above the member's spending limit waits for an approver. With `expectedTotal`, a total that changed answers 409 with the new preview. Every line takes its stock now, or none does (a 409 names the lines). Accepting again, or from two tabs at once, answers the same order. An expired quote answers 410.",
        params: QuoteParams,
        body: QuoteAcceptBody,
        response: {
          200: PurchaseAnswer,
          404: ApiError,
          409: CheckoutProblem,
          410: ApiError,
          422: ApiError,
        },
      },
    },
    async (request) => {
      // A company's member accepts on its terms (issue 49): PO number, pay by invoice, approval.
      const business = await businessCheckout(app.db, request.user!.id, request.body);
      const answer = await service.accept(request.params.id, request.body, request.user!, business);
      if (business && business.spendingLimitCents !== null)
        await askApprovers(app, business.companyId, answer, request.user!);
      return answer;
    },
  );
};
