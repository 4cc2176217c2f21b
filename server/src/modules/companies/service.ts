import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyAccounts, companyMembers } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/auth.ts';
import { APPROVING_ROLES, MANAGING_ROLES, type CompanyRole } from './roles.ts';

/** What the shop has agreed with a company (company_accounts); a company without a row: none. */
export interface CompanyTerms {
  paymentTerms: 'net30' | 'net60' | null;
  creditLimitCents: number;
  priceListId: string | null;
  poRequired: boolean;
  /** The company admins' spending limit for every buyer without one of their own. */
  spendingLimitCents: number | null;
}

const NO_TERMS: CompanyTerms = {
  paymentTerms: null,
  creditLimitCents: 0,
  priceListId: null,
  poRequired: false,
  spendingLimitCents: null,
};

/** A customer's place in their company. */
export interface Membership {
  companyId: string;
  companyName: string;
  memberId: string;
  role: CompanyRole;
  /** What they may order at once without approval (their own limit, else the company's); null: any. */
  spendingLimitCents: number | null;
  terms: CompanyTerms;
}

/** The days of each payment term. */
export const TERM_DAYS = { net30: 30, net60: 60 } as const;

/** The customer's company, their role and its terms, or null (one indexed read). */
export async function membershipOf(db: DbOrTx, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companyMembers.organizationId,
      companyName: companies.name,
      memberId: companyMembers.id,
      role: companyMembers.role,
      ownLimit: companyMembers.spendingLimitCents,
      paymentTerms: companyAccounts.paymentTerms,
      creditLimitCents: companyAccounts.creditLimitCents,
      priceListId: companyAccounts.priceListId,
      poRequired: companyAccounts.poRequired,
      companyLimit: companyAccounts.spendingLimitCents,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.organizationId))
    .leftJoin(companyAccounts, eq(companyAccounts.companyId, companyMembers.organizationId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  if (!row) return null;
  const terms: CompanyTerms =
    row.creditLimitCents === null
      ? NO_TERMS
      : {
          paymentTerms: (row.paymentTerms as CompanyTerms['paymentTerms']) ?? null,
          creditLimitCents: row.creditLimitCents,
          priceListId: row.priceListId,
          poRequired: row.poRequired ?? false,
          spendingLimitCents: row.companyLimit,
        };
  return {
    companyId: row.companyId,
    companyName: row.companyName,
    memberId: row.memberId,
    role: row.role as CompanyRole,
    spendingLimitCents: row.ownLimit ?? terms.spendingLimitCents,
    terms,
  };
}

/** Whether a role decides approvals and sees all of the company's orders. */
export const approves = (role: CompanyRole) => APPROVING_ROLES.includes(role);

/** The e-mail addresses of a company's members in these roles. */
async function emailsOf(db: DbOrTx, companyId: string, roles: readonly CompanyRole[]) {
  const rows = await db
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(eq(companyMembers.organizationId, companyId), inArray(companyMembers.role, [...roles])),
    );
  return rows.map((r) => r.email);
}

/** The e-mail addresses of a company's approvers (owner, admins, approvers). */
export const approverEmails = (db: DbOrTx, companyId: string) =>
  emailsOf(db, companyId, APPROVING_ROLES);

/** The e-mail addresses of a company's owner and admins (overdue invoice reminders). */
export const adminEmails = (db: DbOrTx, companyId: string) =>
  emailsOf(db, companyId, MANAGING_ROLES);

/**
 * Locks the company's account row for the rest of the transaction (PostgreSQL): its buyers'
 * orders on terms take turns, so the credit limit is checked against what the one before left.
 */
export async function lockCompanyAccount(tx: DbOrTx, companyId: string): Promise<void> {
  await tx.execute(
    sql`select 1 from ${companyAccounts} where ${companyAccounts.companyId} = ${companyId} for update`,
  );
}
