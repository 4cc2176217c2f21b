import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ApiError, IdParams } from '@partsmith/contract';
import {
  AdminCompany,
  AdminCompanyList,
  AdminCompanyRow,
  AdminCompanyUpdate,
  MyCompany,
  SpendingLimitsBody,
} from '@partsmith/contract/companies';
import { toCents } from '@partsmith/contract/pricing';
import {
  companies,
  companyAccounts,
  companyMembers,
  priceLists,
} from '../../db/schema/companies.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/service.ts';
import { latestCompanyOrders, outstandingCents } from '../orders/terms.ts';
import {
  companyRows,
  dollars,
  memberIdsOf,
  membersOf,
  pendingInvitations,
  priceListName,
} from './directory.ts';
import { MANAGING_ROLES } from './roles.ts';
import { membershipOf } from './service.ts';

const limitCents = (limit: number | null) => (limit === null ? null : toCents(limit));

/**
 * The caller's company (issue 49), and the shop admins' companies. Companies, members, roles and
 * invitations themselves are Better Auth's organization routes (/api/auth/organization/*).
 */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        operationId: 'getMyCompany',
        summary:
          'Your company: your role, its terms, and for its admins its members and invitations',
        description:
          'Null `company` when you belong to none (create one with POST /api/auth/organization/create). Members and pending invitations are listed for the owner and admins only; others get empty lists.',
        response: { 200: MyCompany },
      },
    },
    async (request) => {
      const membership = await membershipOf(app.db, request.user!.id);
      if (!membership) return { company: null };
      const manages = MANAGING_ROLES.includes(membership.role);
      const { terms } = membership;
      const [outstanding, listName, members, invitations] = await Promise.all([
        outstandingCents(app.db, membership.companyId),
        priceListName(app.db, terms.priceListId),
        manages ? membersOf(app.db, membership.companyId) : [],
        manages ? pendingInvitations(app.db, membership.companyId) : [],
      ]);
      return {
        company: {
          id: membership.companyId,
          name: membership.companyName,
          role: membership.role,
          mySpendingLimit: dollars(membership.spendingLimitCents),
          spendingLimit: dollars(terms.spendingLimitCents),
          terms: {
            paymentTerms: terms.paymentTerms,
            creditLimit: terms.creditLimitCents / 100,
            outstanding: outstanding / 100,
            available: Math.max(0, terms.creditLimitCents - outstanding) / 100,
            poRequired: terms.poRequired,
            priceListName: listName,
          },
          members,
          invitations,
        },
      };
    },
  );

  app.put(
    '/company/spending-limits',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['companies'],
        operationId: 'setSpendingLimits',
        summary: "Set the company's spending limits (its owner and admins)",
        description:
          'An order whose total is above its buyer’s limit waits for an approver (owner, admin or approver) before it can be paid or invoiced. `spendingLimit` applies to every member without a limit of their own; a member’s `spendingLimit` null falls back to it. Fields left out keep their values. 403 for a member who is not an owner or admin; 404 for a member id of another company.',
        body: SpendingLimitsBody,
        response: {
          200: MyCompany.shape.company.unwrap().pick({ spendingLimit: true }),
          403: ApiError,
          404: ApiError,
        },
      },
    },
    async (request) => {
      const membership = await membershipOf(app.db, request.user!.id);
      if (!membership || !MANAGING_ROLES.includes(membership.role))
        throw new HttpError(403, "Only the company's owner and admins set spending limits.");
      const { companyId } = membership;
      const body = request.body;
      await app.db.transaction(async (tx) => {
        const wanted = body.members ?? [];
        const known = await memberIdsOf(
          tx,
          companyId,
          wanted.map((m) => m.memberId),
        );
        if (wanted.some((m) => !known.has(m.memberId)))
          throw notFound('A member named is not in your company.');
        if (body.spendingLimit !== undefined)
          await tx
            .insert(companyAccounts)
            .values({ companyId, spendingLimitCents: limitCents(body.spendingLimit) })
            .onConflictDoUpdate({
              target: companyAccounts.companyId,
              set: { spendingLimitCents: limitCents(body.spendingLimit), updatedAt: new Date() },
            });
        for (const member of wanted)
          await tx
            .update(companyMembers)
            .set({ spendingLimitCents: limitCents(member.spendingLimit) })
            .where(eq(companyMembers.id, member.memberId));
      });
      const after = await membershipOf(app.db, request.user!.id);
      return { spendingLimit: dollars(after?.terms.spendingLimitCents ?? null) };
    },
  );

  app.get(
    '/admin/companies',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'listCompanies',
        summary: 'Every company, newest first, with its members, orders, terms and balance',
        description:
          '`balance` is what its orders on terms still owe (unpaid invoices, and orders on terms awaiting approval); `overdue` the part of it past its due date.',
        response: { 200: AdminCompanyList },
      },
    },
    async () => companyRows(app.db),
  );

  const oneCompany = async (id: string) => {
    const [row] = await companyRows(app.db, id);
    if (!row) throw notFound('No such company.');
    const [memberList, orders] = await Promise.all([
      membersOf(app.db, id),
      latestCompanyOrders(app.db, id),
    ]);
    return {
      ...row,
      memberList,
      recentOrders: orders.map((o) => ({
        _id: o.id,
        number: o.number,
        userEmail: o.userEmail,
        total: o.totalCents / 100,
        paid: o.paid,
        paymentMethod: o.paymentMethod as 'card' | 'invoice',
        approval: (o.approval as 'pending' | 'approved' | 'declined' | null) ?? null,
        invoiceNumber: o.invoiceNumber,
        dueDate: o.dueDate,
        createdAt: o.createdAt.toISOString(),
      })),
    };
  };

  app.get(
    '/admin/companies/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'getCompany',
        summary: 'One company: its terms, balance, members and latest orders',
        params: IdParams,
        response: { 200: AdminCompany, 404: ApiError },
      },
    },
    async (request) => oneCompany(request.params.id),
  );

  app.put(
    '/admin/companies/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'updateCompany',
        summary: "Set a company's payment terms, credit limit, price list and PO rule",
        description:
          'Any of `paymentTerms` (`net30`, `net60`, or null: cards only), `creditLimit` (dollars: what its unpaid invoices may come to with a new order on terms), `priceListId` (null: none) and `poRequired` (its checkouts must give a purchase order number); the rest keep their values. Audited. Takes effect at once. 404 for an unknown company or price list.',
        params: IdParams,
        body: AdminCompanyUpdate,
        response: { 200: AdminCompanyRow, 404: ApiError },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await app.db.transaction(async (tx) => {
        const [company] = await tx
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(eq(companies.id, id));
        if (!company) throw notFound('No such company.');
        if (body.priceListId) {
          const [list] = await tx
            .select({ id: priceLists.id })
            .from(priceLists)
            .where(eq(priceLists.id, body.priceListId));
          if (!list) throw notFound('No such price list.');
        }
        const [before] = await tx
          .select()
          .from(companyAccounts)
          .where(eq(companyAccounts.companyId, id));
        const set = {
          ...(body.paymentTerms !== undefined ? { paymentTerms: body.paymentTerms } : {}),
          ...(body.creditLimit !== undefined
            ? { creditLimitCents: toCents(body.creditLimit) }
            : {}),
          ...(body.priceListId !== undefined ? { priceListId: body.priceListId } : {}),
          ...(body.poRequired !== undefined ? { poRequired: body.poRequired } : {}),
        };
        const [after] = await tx
          .insert(companyAccounts)
          .values({ companyId: id, ...set })
          .onConflictDoUpdate({
            target: companyAccounts.companyId,
            set: { ...set, updatedAt: new Date() },
          })
          .returning();
        await recordAudit(
          tx,
          { id: request.user!.id, email: request.user!.email },
          {
            action: 'company.update',
            targetId: id,
            summary: `Changed the terms of ${company.name}`,
            before: before ?? null,
            after,
          },
        );
      });
      const [row] = await companyRows(app.db, id);
      return row!;
    },
  );
};
