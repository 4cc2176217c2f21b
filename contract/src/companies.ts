import * as z from './zod-subset.ts';
import { Id } from './common.ts';

/**
 * Business buyers (issue 49). Companies, members, roles and invitations are Better Auth's
 * organization plugin's (`/api/auth/organization/*`); the shop adds what it agrees with each
 * company (payment terms, credit limit, price list, purchase order numbers) and the company
 * admins' spending limits. Money is in dollars.
 */

/** A member's role: `owner` (its creator) and `admin` manage it, `approver` approves, `buyer` orders. */
export const COMPANY_ROLES = ['owner', 'admin', 'approver', 'buyer'] as const;
export const CompanyRole = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof CompanyRole>;
/** The roles that decide on the orders above a spending limit, and see all the company's orders. */
export const APPROVING_ROLES: readonly CompanyRole[] = ['owner', 'admin', 'approver'];
/** The roles an invitation may give (the owner is the creator alone). */
export const INVITED_ROLES = ['admin', 'approver', 'buyer'] as const;

export const PAYMENT_TERMS = ['net30', 'net60'] as const;
export const PaymentTerms = z.enum(PAYMENT_TERMS);
export type PaymentTerms = z.infer<typeof PaymentTerms>;
export const PAYMENT_TERMS_LABEL: Record<PaymentTerms, string> = {
  net30: 'Net 30 (pay within 30 days of the invoice)',
  net60: 'Net 60 (pay within 60 days of the invoice)',
};

/** A limit in dollars, or null for none. */
const Limit = z
  .number({ message: 'A limit must be a number' })
  .min(0, 'A limit cannot be negative')
  .max(10_000_000, 'A limit is at most $10,000,000')
  .nullable();

/** What the shop agreed with a company, as its members see it. */
export const CompanyTermsView = z.object({
  paymentTerms: PaymentTerms.nullable(),
  creditLimit: z.number(),
  /** Unpaid invoices of orders on terms. */
  outstanding: z.number(),
  /** What the company may still order on terms: the credit limit less what is outstanding. */
  available: z.number(),
  poRequired: z.boolean(),
  priceListName: z.string().nullable(),
});
export type CompanyTermsView = z.infer<typeof CompanyTermsView>;

export const CompanyMember = z.object({
  id: Id,
  userId: Id,
  name: z.string(),
  email: z.string(),
  role: CompanyRole,
  /** The buyer's own spending limit (dollars), or null: the company's. */
  spendingLimit: z.number().nullable(),
});
export type CompanyMember = z.infer<typeof CompanyMember>;

export const CompanyInvitation = z.object({
  id: Id,
  email: z.string(),
  role: CompanyRole,
  expiresAt: z.string(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitation>;

/**
 * GET /api/company: the caller's company, their role, the terms, and (for its owner and admins)
 * the members and pending invitations; `company` null when they belong to none.
 */
export const MyCompany = z.object({
  company: z
    .object({
      id: Id,
      name: z.string(),
      role: CompanyRole,
      /** The caller's own spending limit as it applies (theirs, else the company's); null: none. */
      mySpendingLimit: z.number().nullable(),
      /** The spending limit of every buyer without one of their own; null: none. */
      spendingLimit: z.number().nullable(),
      terms: CompanyTermsView,
      members: z.array(CompanyMember),
      invitations: z.array(CompanyInvitation),
    })
    .nullable(),
});
export type MyCompany = z.infer<typeof MyCompany>;

/**
 * PUT /api/company/spending-limits (owner and admins): the limit for all (`spendingLimit`) and
 * any member's own (`members`, null: the company's); an order whose total is above the buyer's
 * limit waits for an approver. Fields left out keep their values.
 */
export const SpendingLimitsBody = z.object({
  spendingLimit: Limit.optional(),
  members: z
    .array(z.object({ memberId: Id, spendingLimit: Limit }))
    .max(500)
    .optional(),
});
export type SpendingLimitsBody = z.input<typeof SpendingLimitsBody>;

/** A row of GET /api/admin/companies. */
export const AdminCompanyRow = z.object({
  _id: Id,
  name: z.string(),
  members: z.number().int(),
  orders: z.number().int(),
  paymentTerms: PaymentTerms.nullable(),
  creditLimit: z.number(),
  /** Unpaid invoices of orders on terms, and of them those past their due date. */
  balance: z.number(),
  overdue: z.number(),
  priceListId: Id.nullable(),
  poRequired: z.boolean(),
  createdAt: z.string(),
});
export type AdminCompanyRow = z.infer<typeof AdminCompanyRow>;
export const AdminCompanyList = z.array(AdminCompanyRow);

/** GET /api/admin/companies/:id: the row, with its members and latest orders. */
export const AdminCompany = AdminCompanyRow.extend({
  memberList: z.array(CompanyMember),
  recentOrders: z.array(
    z.object({
      _id: Id,
      number: z.string(),
      userEmail: z.string(),
      total: z.number(),
      paid: z.boolean(),
      paymentMethod: z.enum(['card', 'invoice']),
      approval: z.enum(['pending', 'approved', 'declined']).nullable(),
      invoiceNumber: z.string().nullable(),
      dueDate: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminCompany = z.infer<typeof AdminCompany>;

/** PUT /api/admin/companies/:id: any of these; the rest keep their values. */
export const AdminCompanyUpdate = z.object({
  paymentTerms: PaymentTerms.nullable().optional(),
  creditLimit: z
    .number({ message: 'The credit limit must be a number' })
    .min(0, 'The credit limit cannot be negative')
    .max(100_000_000, 'The credit limit is at most $100,000,000')
    .optional(),
  priceListId: Id.nullable().optional(),
  poRequired: z.boolean().optional(),
});
export type AdminCompanyUpdate = z.input<typeof AdminCompanyUpdate>;

/** POST /api/admin/invoices/:number/payments: money received against an invoice on terms. */
export const InvoicePaymentBody = z.object({
  amount: z
    .number({ message: 'The amount must be a number' })
    .min(0.01, 'The amount is at least $0.01')
    .max(100_000_000, 'The amount is at most $100,000,000'),
  paidAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day the money came as YYYY-MM-DD')
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      // A real day (not 2026-02-30), and not after tomorrow (time zones).
      return (
        !Number.isNaN(time) &&
        new Date(time).toISOString().startsWith(day) &&
        time <= Date.now() + 86_400_000
      );
    }, 'Give a real day, not in the future, as YYYY-MM-DD'),
  reference: z
    .string()
    .trim()
    .min(1, 'Give the payment’s reference (a bank transfer’s, a cheque’s number)')
    .max(100, 'A reference has at most 100 characters'),
});
export type InvoicePaymentBody = z.input<typeof InvoicePaymentBody>;

export const InvoicePaymentAnswer = z.object({
  invoiceNumber: z.string(),
  orderId: Id,
  total: z.number(),
  /** Still owed after this payment; 0 once the invoice is paid (and closed). */
  owed: z.number(),
  paid: z.boolean(),
  payments: z.array(z.object({ amount: z.number(), paidAt: z.string(), reference: z.string() })),
});
export type InvoicePaymentAnswer = z.infer<typeof InvoicePaymentAnswer>;
