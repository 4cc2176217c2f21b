import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
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

/**
 * Writes many entries in one statement (a catalogue import's parts, a batch at a time), sent as
 * one JSON parameter: on PGlite 16 entries took 0.75 ms so, 5 ms as Drizzle's multi-row VALUES.
 * Answers their ids.
 */
export async function recordAudits(
  tx: DbOrTx,
  actor: Actor,
  entries: readonly Parameters<typeof recordAudit>[2][],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const records = JSON.stringify(
    entries.map((entry) => ({
      action: entry.action,
      target_id: entry.targetId,
      summary: entry.summary,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
  const result = await tx.execute(sql`insert into ${auditLog}
      (actor_id, actor_email, action, target_id, summary, before, after)
    select ${actor.id}::uuid, ${actor.email}, r.action, r.target_id, r.summary, r.before, r.after
    from jsonb_to_recordset(${records}::jsonb)
      as r(action text, target_id text, summary text, before jsonb, after jsonb)
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/**
 * Takes back entries whose change was undone: on the embedded database a large import writes
 * outside one transaction, and deletes what it wrote when a later statement fails.
 */
export async function removeAudits(tx: DbOrTx, ids: readonly string[]) {
  for (let i = 0; i < ids.length; i += 1000)
    await tx.delete(auditLog).where(inArray(auditLog.id, ids.slice(i, i + 1000)));
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
