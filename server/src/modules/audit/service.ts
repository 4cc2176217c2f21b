import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { auditLog } from '../../db/schema/audit.ts';

export interface Actor {
  /** null for the shop itself (automatic refunds, actor e-mail 'system'). */
  id: string | null;
  email: string;
}

/** Writes one audit entry; call it inside the transaction that makes the change. */
export async function recordAudit(
  tx: DbOrTx,
  actor: Actor,
  entry: {
    action: AuditAction;
    targetId: string;
    summary: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetId: entry.targetId,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAudit(
  db: DbOrTx,
  q: { limit: number; cursor?: string; action?: AuditAction },
) {
  const filters: SQL[] = [];
  if (q.action) filters.push(eq(auditLog.action, q.action));
  const page = q.cursor ? [...filters, lt(auditLog.seq, Number(q.cursor))] : filters;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(and(...page))
      .orderBy(desc(auditLog.seq))
      .limit(pageLimit(q.limit + 1)),
    db.$count(auditLog, filters.length ? and(...filters) : undefined),
  ]);
  const more = rows.length > q.limit;
  const slice = more ? rows.slice(0, q.limit) : rows;
  const entries: AuditEntry[] = slice.map((r) => ({
    _id: r.id,
    at: r.at.toISOString(),
    actorEmail: r.actorEmail,
    action: r.action as AuditAction,
    targetId: r.targetId,
    summary: r.summary,
    before: r.before,
    after: r.after,
  }));
  return { entries, total, nextCursor: more ? String(slice[slice.length - 1]!.seq) : null };
}
