import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * Whether the customer `userId` asked at `at` as a member of the company: a member now who had
 * joined by then (a condition for a statement). A company's quotes are those its members asked
 * as members (issue 49): not what they asked before they joined, nor after they left.
 */
export const askedAsMemberSql = (companyId: string, userId: SQL, at: SQL): SQL =>
  sql`exists (select 1 from ${companyMembers} m where m.organization_id = ${companyId}
    and m.user_id = ${userId} and m.created_at <= ${at})`;

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

/**
 * The customer's company's id as a subquery (no row: they belong to none), for a statement that
 * reads what the company shares with its members (its addresses): read when the statement runs,
 * so a member removed a moment ago no longer finds them.
 */
export const memberCompanySql = (userId: string): SQL =>
  sql`select ${companyMembers.organizationId} from ${companyMembers} where ${companyMembers.userId} = ${userId}`;

/**
 * Locks the company's row for the rest of the transaction (PostgreSQL): its owner's and admins'
 * writes to what it shares (its addresses and their default) take turns.
 */
export async function lockCompany(tx: DbOrTx, companyId: string): Promise<void> {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

/**
 * Who keeps what a leaving member added for the company (its shared addresses): its owner, else
 * its longest-standing admin, other than `userId`; null when nobody manages it.
 */
export async function successorOf(
  db: DbOrTx,
  companyId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.organizationId, companyId),
        sql`${companyMembers.userId} <> ${userId}`,
        inArray(companyMembers.role, [...MANAGING_ROLES]),
      ),
    )
    .orderBy(sql`${companyMembers.role} = 'owner' desc`, companyMembers.createdAt)
    .limit(1);
  return row?.userId ?? null;
}
