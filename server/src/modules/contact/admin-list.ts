import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContactMessage } from '@partsmith/contract';
import type {
  ADMIN_MESSAGE_SORTS,
  AdminMessagesQuery,
  AdminPage,
} from '@partsmith/contract/admin-lists';
import type { Db, DbOrTx } from '../../db/client.ts';
import { containsPattern, keysetPage, searchWords, type KeysetSort } from '../../db/keyset.ts';
import { contactMessages } from '../../db/schema/contact.ts';
import { MAIL_TEXT_LIMITS, oneLine } from '../../lib/customer-text.ts';
import { notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';

type Query = z.output<typeof AdminMessagesQuery>;

const id = { expr: contactMessages.id, kind: 'uuid' } as const;
const created = { expr: contactMessages.createdAt, kind: 'time' } as const;

/** The messages' sorts, on contact_messages_created_id_idx, each ending with the unique id. */
export const ADMIN_MESSAGE_SORT: Record<(typeof ADMIN_MESSAGE_SORTS)[number], KeysetSort> = {
  newest: { name: 'newest', keys: [created, id], descending: true },
  oldest: { name: 'oldest', keys: [created, id], descending: false },
};

/**
 * The messages a query finds: every word of `q` in the address, subject, message or the number of
 * the order it is about; handled.
 */
export function adminMessagesFilter(q: Pick<Query, 'q' | 'handled'>): SQL | undefined {
  const where: SQL[] = [];
  for (const word of searchWords(q.q)) {
    const pattern = containsPattern(word);
    where.push(
      sql`(${contactMessages.email} ilike ${pattern} or ${contactMessages.subject} ilike ${pattern} or ${contactMessages.message} ilike ${pattern} or coalesce(${contactMessages.orderNumber}, '') ilike ${pattern})`,
    );
  }
  if (q.handled !== undefined)
    where.push(
      q.handled
        ? sql`${contactMessages.handledAt} is not null`
        : sql`${contactMessages.handledAt} is null`,
    );
  return where.length > 0 ? and(...where) : undefined;
}

type Row = typeof contactMessages.$inferSelect;

const toApiMessage = (row: Row): ContactMessage => ({
  _id: row.id,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  mailed: row.mailedAt !== null,
  handledAt: row.handledAt?.toISOString() ?? null,
  order: row.orderId && row.orderNumber ? { _id: row.orderId, number: row.orderNumber } : null,
});

/** A page of the dashboard's Messages, and how many messages the query finds. */
export async function listAdminMessages(db: DbOrTx, q: Query): Promise<AdminPage<ContactMessage>> {
  const keyset = keysetPage(ADMIN_MESSAGE_SORT[q.sort], q.cursor, q.limit);
  const filter = adminMessagesFilter(q);
  const [rows, total] = await Promise.all([
    db
      .select({ message: contactMessages, keysetKeys: keyset.keys })
      .from(contactMessages)
      .where(and(filter, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    db.$count(contactMessages, filter),
  ]);
  const page = keyset.page(rows);
  return {
    items: page.rows.map(({ message }) => toApiMessage(message)),
    nextCursor: page.nextCursor,
    total,
  };
}

/**
 * Marks a message handled (now, unless it already is: the first time stays) or new again;
 * answers the message as it is then. A message that is not there is a 404.
 */
export async function setMessageHandled(
  db: DbOrTx,
  messageId: string,
  handled: boolean,
): Promise<ContactMessage> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null })
    .where(eq(contactMessages.id, messageId))
    .returning();
  if (!row) throw notFound('We could not find that message.');
  return toApiMessage(row);
}

/**
 * Deletes a message for good (spam, mostly), recorded in the audit log with what it said.
 * A message that is not there is a 404.
 */
export function deleteMessage(db: Db, messageId: string, admin: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .returning();
    if (!row) throw notFound('We could not find that message.');
    const subject = oneLine(row.subject, MAIL_TEXT_LIMITS.subject);
    await recordAudit(tx, admin, {
      action: 'message.delete',
      targetId: row.id,
      summary: `Deleted the message “${subject}” from ${oneLine(row.email, MAIL_TEXT_LIMITS.email)}`,
      before: toApiMessage(row),
    });
    return { acknowledged: true as const, deletedCount: 1 };
  });
}
