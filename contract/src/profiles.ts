import * as z from './zod-subset.ts';

// A customer's profile. The code names its fields clearly; the API keeps the spec's JSON names
// (docs/spec.md, Entities and their fields), which other programs send and read. The two meet
// only here: ProfileBody and Profile are the wire schemas, profileFromWire and profileToWire
// convert. Plain functions rather than zod transforms, so /api/docs still describes the wire.

const education = z
  .string({ message: 'Education is Required' })
  .trim()
  .min(1, 'Education is Required')
  .max(200);
const location = z
  .string({ message: 'Location is Required' })
  .trim()
  .min(1, 'Location is Required')
  .max(200);
const phone = z
  .string({ message: 'Phone is Required' })
  .trim()
  .min(1, 'Phone is Required')
  .regex(/^\+?[0-9][0-9 ().-]{5,22}[0-9]$/, 'Provide a valid phone number');
const linkedinUrl = z
  .string({ message: 'LinkedIn link is Required' })
  .trim()
  .min(1, 'LinkedIn link is Required')
  .max(300)
  .regex(
    /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/[^\s]+$/i,
    'Provide a valid LinkedIn link (https://www.linkedin.com/in/…)',
  );
const additionalInfo = z
  .string({ message: 'Additional info is Required' })
  .trim()
  .min(1, 'Additional info is Required')
  .max(1000, 'Keep it under 1000 characters');

/** The profile's five fields, all required, under the code's names (the web form checks these). */
export const ProfileFields = z.object({
  education,
  location,
  phone,
  linkedinUrl,
  additionalInfo,
});
export type ProfileFields = z.output<typeof ProfileFields>;

/** PUT /api/createProfile/:email's body on the wire: the same rules under the spec's names. */
export const ProfileBody = z.object({
  edu: education,
  location,
  number: phone,
  linkdin: linkedinUrl,
  addiInfo: additionalInfo,
});
export type ProfileBody = z.input<typeof ProfileBody>;

/** GET /api/userProfile/:email on the wire: the saved profile with the account's name, e-mail and photo; null before the first save. */
export const Profile = ProfileBody.extend({
  userName: z.string(),
  email: z.string(),
  image: z.string().nullable(),
}).nullable();
export type Profile = z.infer<typeof Profile>;

/** A saved profile under the code's names. */
export type SavedProfile = ProfileFields & Omit<NonNullable<Profile>, keyof ProfileBody>;

type WireOnly = 'edu' | 'number' | 'linkdin' | 'addiInfo';
type CodeOnly = 'education' | 'phone' | 'linkedinUrl' | 'additionalInfo';

/** The spec's names to the code's; other fields (location, userName, ...) pass through. */
export function profileFromWire<T extends z.output<typeof ProfileBody>>(
  wire: T,
): Omit<T, WireOnly> & ProfileFields {
  const { edu, number, linkdin, addiInfo, ...rest } = wire;
  return { ...rest, education: edu, phone: number, linkedinUrl: linkdin, additionalInfo: addiInfo };
}

/** The code's names to the spec's; other fields (location, userName, ...) pass through. */
export function profileToWire<T extends ProfileFields>(
  profile: T,
): Omit<T, CodeOnly> & z.output<typeof ProfileBody> {
  const { education, phone, linkedinUrl, additionalInfo, ...rest } = profile;
  return { ...rest, edu: education, number: phone, linkdin: linkedinUrl, addiInfo: additionalInfo };
}
