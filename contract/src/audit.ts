import * as z from './zod-subset.ts';
import { AdminListQuery, Id } from './common.ts';

/** The kinds of change the audit log records (docs/security.md, Audit log). */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.delete',
  'part.add',
  'part.update',
  'part.delete',
  'part.import',
  'category.add',
  'category.update',
  'category.delete',
  'synonym.save',
  'synonym.delete',
  'order.ship',
  'order.delete',
  'order.refund',
  'order.refund-part',
  'quote.answer',
  'payment.refund',
  'review.hide',
  'review.show',
  'review.delete',
  'message.delete',
  'shipping-zone.save',
  'shipping-zone.delete',
  'shipping-method.save',
  'shipping-method.delete',
  'tax-rate.save',
  'tax-rate.delete',
  'tax-exemption.save',
  'tax-exemption.delete',
  'company.update',
  'invoice.payment',
  'price-list.save',
  'price-list.delete',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
export const AuditEntry = z.object({
  _id: Id,
  at: z.string(),
  actorEmail: z.string(),
  action: AuditAction,
  targetId: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = z.array(AuditEntry);
export const AuditQuery = AdminListQuery.extend({ action: AuditAction.optional() });
