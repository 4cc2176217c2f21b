import {
  PAYMENT_TERMS_LABEL,
  type CompanyRole,
  type PaymentTerms,
} from '@partsmith/contract/companies';
import { formatDollars } from '../../../lib/money.ts';

export const ROLE_LABEL: Record<CompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  approver: 'Approver',
  buyer: 'Buyer',
};

/** A role as the API spells it, as people read it ('buyer': 'Buyer'); an unknown one as it is. */
export const roleLabel = (role: string) => ROLE_LABEL[role as CompanyRole] ?? role;

export const termsLabel = (terms: PaymentTerms | null) =>
  terms ? PAYMENT_TERMS_LABEL[terms] : 'None: orders are paid by card';

export const limitLabel = (limit: number | null) =>
  limit === null ? 'No limit' : formatDollars(limit);

export const CARD = 'rounded-box bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6';

/** A date of the API (ISO) as 'Mar 2, 2025'. */
export const dateLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * The slug Better Auth keeps for a new company: its name in lowercase with dashes, and a short
 * random suffix so two companies of one name do not collide.
 */
export function companySlug(name: string, random: () => number = Math.random): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const suffix = Math.floor(random() * 36 ** 5)
    .toString(36)
    .padStart(5, '0');
  return `${base || 'company'}-${suffix}`;
}

/**
 * A limit typed in a box: '' is none (null), else a number of dollars; undefined with a message
 * when it is not one.
 */
export function parseLimit(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: 'A limit must be a number' };
  if (value < 0) return { error: 'A limit cannot be negative' };
  return { value };
}

/** What a form says after its last request: done, or why it failed. */
export type Notice = { ok: boolean; text: string } | null;
