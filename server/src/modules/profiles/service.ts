import { eq } from 'drizzle-orm';
import type { ProfileFields, SavedProfile } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { findUserByEmail } from '../users/service.ts';

/** What a profile answer reads from the table (the account's name, e-mail and picture come from users). */
const profileColumns = {
  education: profiles.education,
  location: profiles.location,
  phone: profiles.phone,
  linkedinUrl: profiles.linkedinUrl,
  additionalInfo: profiles.additionalInfo,
};

interface Viewer {
  id: string;
  email: string;
  role: string;
}

/** A profile: the viewer's own (admins may read any); null before the first save. */
export async function readProfile(
  db: DbOrTx,
  viewer: Viewer,
  email: string,
): Promise<SavedProfile | null> {
  if (email !== viewer.email && viewer.role !== 'admin')
    throw new HttpError(403, 'You may only read your own profile.');
  // The account comes from the users module, the profile from this one's table.
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('No account uses that e-mail.');
  const [profile] = await db
    .select(profileColumns)
    .from(profiles)
    .where(eq(profiles.userId, user.id));
  if (!profile) return null;
  return { ...profile, userName: user.name, email: user.email, image: user.image };
}

/** Saves the viewer's own profile (403 for another's); answers how many rows it wrote. */
export async function saveProfile(
  db: DbOrTx,
  viewer: Viewer,
  email: string,
  fields: ProfileFields,
): Promise<number> {
  if (email !== viewer.email) throw new HttpError(403, 'You may only change your own profile.');
  const updatedAt = new Date();
  const saved = await db
    .insert(profiles)
    .values({ ...fields, userId: viewer.id, updatedAt })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt } })
    .returning({ userId: profiles.userId });
  return saved.length;
}
