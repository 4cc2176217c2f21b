import { eq } from 'drizzle-orm';
import type { TaxExemption, TaxExemptionBody } from '@partsmith/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { taxExemptions } from '../../db/schema/shipping.ts';
import { notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { findUserByEmail } from '../users/service.ts';

// Customers' tax exemptions (service.ts), kept by the admins.

// The body as the routes hand it over, the contract's defaults applied.
type ExemptionInput = z.output<typeof TaxExemptionBody>;

async function userByEmail(db: DbOrTx, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('No account uses that e-mail.');
  return user;
}

/** A customer's exemption; 404 when the account is unknown or has none. */
export async function getExemption(db: DbOrTx, email: string): Promise<TaxExemption> {
  const user = await userByEmail(db, email);
  const [row] = await db.select().from(taxExemptions).where(eq(taxExemptions.userId, user.id));
  if (!row) throw notFound(`${user.email} has no tax exemption.`);
  return {
    email: user.email,
    certificate: row.certificate,
    note: row.note,
    recordedBy: row.recordedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Records a customer's exemption, or replaces theirs (as recorded now, by this admin); audited. */
export function saveExemption(
  db: Db,
  email: string,
  body: ExemptionInput,
  admin: Actor,
): Promise<TaxExemption> {
  return db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    const [before] = await tx
      .select()
      .from(taxExemptions)
      .where(eq(taxExemptions.userId, user.id))
      .for('update');
    const values = {
      certificate: body.certificate,
      note: body.note,
      recordedBy: admin.email,
      createdAt: new Date(),
    };
    const [row] = await tx
      .insert(taxExemptions)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: taxExemptions.userId, set: values })
      .returning();
    const record = (r: typeof row) => ({
      certificate: r!.certificate,
      note: r!.note,
      recordedBy: r!.recordedBy,
    });
    await recordAudit(tx, admin, {
      action: 'tax-exemption.save',
      targetId: user.id,
      summary: before
        ? `Changed the tax exemption of ${user.email} (certificate ${row!.certificate})`
        : `Recorded a tax exemption for ${user.email} (certificate ${row!.certificate})`,
      ...(before ? { before: record(before) } : {}),
      after: record(row),
    });
    return {
      email: user.email,
      certificate: row!.certificate,
      note: row!.note,
      recordedBy: row!.recordedBy,
      createdAt: row!.createdAt.toISOString(),
    };
  });
}

/** Ends a customer's exemption (later orders are taxed), audited; 404 if they have none. */
export function deleteExemption(db: Db, email: string, admin: Actor): Promise<void> {
  return db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    const [gone] = await tx
      .delete(taxExemptions)
      .where(eq(taxExemptions.userId, user.id))
      .returning();
    if (!gone) throw notFound(`${user.email} has no tax exemption.`);
    await recordAudit(tx, admin, {
      action: 'tax-exemption.delete',
      targetId: user.id,
      summary: `Ended the tax exemption of ${user.email} (certificate ${gone.certificate})`,
      before: { certificate: gone.certificate, note: gone.note, recordedBy: gone.recordedBy },
    });
  });
}
