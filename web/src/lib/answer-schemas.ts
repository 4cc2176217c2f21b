// The answers checked off the main thread (src/lib/answer-check.ts, docs/decisions/038): the
// requests every page makes while it loads (the header search's suggestions among them), the
// sign-in page's, the purchase, contact and newsletter forms', the cart's and the deletes of the
// dashboard's lists. Loaded by the answer-check worker, and on the main thread only where no
// worker runs (jsdom, a worker that failed).
import './zod-jitless.ts';
import * as z from '@partsmith/contract/zod-subset';
import {
  Address,
  AddressList,
  AdminCheck,
  AuthProviders,
  Cart,
  CataloguePart,
  CategoryList,
  CheckoutPreview,
  ContactAnswer,
  CountryList,
  InsertedAnswer,
  DeleteAnswer,
  NewsletterAnswer,
  Order,
  OrderList,
  OrderRefund,
  OrderRefunds,
  Part,
  PartComparison,
  PartList,
  PartSuggestions,
  PurchaseAnswer,
  ReorderAnswer,
  SearchAnswer,
  ReviewList,
  SessionAnswer,
  SignOutAnswer,
  StockAlertAnswer,
} from '@partsmith/contract';
import { MyCompany } from '@partsmith/contract/companies';

export const ANSWER_SCHEMAS = {
  AdminCheck,
  AuthProviders,
  /** The cart (the top bar's count on every page, the purchase page's Add to cart). */
  Cart,
  /** The contact and newsletter forms' answers (every page's footer). */
  ContactAnswer,
  NewsletterAnswer,
  /** The answer to every DELETE (an order, a part, a user). */
  DeleteAnswer,
  Order,
  OrderList,
  /** An order's partial refunds (its page) and an admin's new one. */
  OrderRefunds,
  OrderRefund,
  Part,
  /** A part with its category and attributes (GET /api/part/:id: its page and the purchase page). */
  CataloguePart,
  /** The catalogue's categories and a search's answer (its search page). */
  CategoryList,
  SearchAnswer,
  PartList,
  /** The address book (the checkout's picker and its page) and the countries its form offers. */
  Address,
  AddressList,
  CountryList,
  /** `{ acknowledged, insertedId }` of a POST that makes a row (an address). */
  InsertedAnswer,
  /** POST /api/checkout/preview and POST /api/quotes/:id/preview: an order's shipping and taxes. */
  CheckoutPreview,
  /** The compare page's parts side by side (GET /api/parts/compare). */
  PartComparison,
  /** The header's search box on every page (GET /api/parts/suggest). */
  PartSuggestions,
  /** POST /api/purchase and POST /api/checkout: checked off the main thread like the page's own answers. */
  PurchaseAnswer,
  ReviewList,
  /** POST /api/orders/:id/reorder (My Orders' and the order page's "Order again"). */
  ReorderAnswer,
  /** GET /api/company: the customer's company and terms (the cart's checkout, the order page). */
  MyCompany,
  /** POST /api/parts/:id/stock-alerts (a part's page, when it is out of stock). */
  StockAlertAnswer,
  /** A 204's empty body (DELETE /api/parts/:id/stock-alerts): nothing to check. */
  NoContent: z.unknown(),
  /** Better Auth's answers (sign-in, sign-up, password reset, a social sign-in's address). */
  SignInAnswer: z.object({ user: z.object({ id: z.string(), email: z.string() }) }),
  SignUpAnswer: z.object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  }),
  StatusAnswer: z.object({ status: z.boolean() }),
  RedirectAnswer: z.object({ url: z.string(), redirect: z.boolean().optional() }),
  SignOutAnswer,
  /** An empty body means "no session" too, like Better Auth's `null`. */
  SessionAnswer: z.preprocess((value) => value ?? null, SessionAnswer),
};

export type AnswerSchemas = typeof ANSWER_SCHEMAS;
export type AnswerName = keyof AnswerSchemas;

/** The result of checking an answer: the parsed value, or that it does not match. */
export type AnswerCheck = { ok: true; data: unknown } | { ok: false; data?: undefined };

export function checkNamedAnswer(name: AnswerName, json: unknown): AnswerCheck {
  const schema: z.ZodType | undefined = ANSWER_SCHEMAS[name];
  if (!schema) return { ok: false };
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false };
}
