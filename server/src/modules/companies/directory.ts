import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminCompanyRow,
  CompanyInvitation,
  CompanyMember,
} from '@partsmith/contract/companies';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import {
  companies,
  companyAccounts,
  companyInvitations,
  companyMembers,
  priceLists,
} from '../../db/schema/companies.ts';
import { companyBalances } from '../orders/terms.ts';
import type { CompanyRole } from './roles.ts';

/** Cents to dollars, keeping null (no limit). */
export const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** A company's members, the owner first, then by when they joined. */
export async function membersOf(db: DbOrTx, companyId: string): Promise<CompanyMember[]> {
  const rows = await db
    .select({
      id: companyMembers.id,
      userId: companyMembers.userId,
      name: users.name,
      email: users.email,
      role: companyMembers.role,
      spendingLimitCents: companyMembers.spendingLimitCents,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.organizationId, companyId))
    .orderBy(sql`${companyMembers.role} = 'owner' desc`, asc(companyMembers.createdAt));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    name: r.name,
    email: r.email,
    role: r.role as CompanyRole,
    spendingLimit: dollars(r.spendingLimitCents),
  }));
}

/** A company's invitations still waiting for an answer. */
export async function pendingInvitations(
  db: DbOrTx,
  companyId: string,
): Promise<CompanyInvitation[]> {
  const rows = await db
    .select({
      id: companyInvitations.id,
      email: companyInvitations.email,
      role: companyInvitations.role,
      expiresAt: companyInvitations.expiresAt,
    })
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.organizationId, companyId),
        eq(companyInvitations.status, 'pending'),
        sql`${companyInvitations.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(companyInvitations.createdAt));
  return rows.map((r) => ({
    ...r,
    role: r.role as CompanyRole,
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** The name of a price list, or null. */
export async function priceListName(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db
    .select({ name: priceLists.name })
    .from(priceLists)
    .where(eq(priceLists.id, id));
  return row?.name ?? null;
}

/** The shop admin's companies table (every company, newest first), or one company's row. */
export async function companyRows(db: DbOrTx, onlyId?: string): Promise<AdminCompanyRow[]> {
  const members = db
    .select({
      companyId: companyMembers.organizationId,
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(companyMembers)
    .groupBy(companyMembers.organizationId)
    .as('m');
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      createdAt: companies.createdAt,
      members: members.n,
      paymentTerms: companyAccounts.paymentTerms,
      creditLimitCents: companyAccounts.creditLimitCents,
      priceListId: companyAccounts.priceListId,
      poRequired: companyAccounts.poRequired,
    })
    .from(companies)
    .leftJoin(members, eq(members.companyId, companies.id))
    .leftJoin(companyAccounts, eq(companyAccounts.companyId, companies.id))
    .where(onlyId ? eq(companies.id, onlyId) : undefined)
    .orderBy(desc(companies.createdAt));
  const balances = await companyBalances(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const balance = balances.get(r.id);
    return {
      _id: r.id,
      name: r.name,
      members: r.members ?? 0,
      orders: balance?.orders ?? 0,
      paymentTerms: (r.paymentTerms as AdminCompanyRow['paymentTerms']) ?? null,
      creditLimit: (r.creditLimitCents ?? 0) / 100,
      balance: (balance?.outstandingCents ?? 0) / 100,
      overdue: (balance?.overdueCents ?? 0) / 100,
      priceListId: r.priceListId ?? null,
      poRequired: r.poRequired ?? false,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Whether a member of `companyId` has this id. */
export async function memberIdsOf(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(and(eq(companyMembers.organizationId, companyId), inArray(companyMembers.id, ids)));
  return new Set(rows.map((r) => r.id));
}
