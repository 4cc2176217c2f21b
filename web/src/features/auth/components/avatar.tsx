import { useState } from 'react';

export interface AvatarUser {
  name: string;
  email: string;
  image?: string | null;
}

/** Up to two letters from the name (first and last word), else the e-mail's first letter. */
export function initialsOf({ name, email }: Pick<AvatarUser, 'name' | 'email'>): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1
      ? `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}`
      : (words[0]?.[0] ?? email.trim()[0] ?? '?');
  return letters.toUpperCase();
}

const SIZES = {
  sm: 'h-9 w-9 text-sm',
  md: 'h-11 w-11 text-base',
  lg: 'h-14 w-14 text-lg',
} as const;

/** The user's photo, or their initials in a circle (docs/spec.md, Navigation). */
export function Avatar({ user, size = 'sm' }: { user: AvatarUser; size?: keyof typeof SIZES }) {
  // A photo that fails to load falls back to the initials.
  const [broken, setBroken] = useState<string | null>(null);
  const photo = user.image && user.image !== broken ? user.image : null;
  const box = `${SIZES[size]} shrink-0 rounded-full ring-2 ring-orange-400`;
  if (photo) {
    return (
      <img
        src={photo}
        alt=""
        referrerPolicy="no-referrer"
        className={`${box} bg-slate-200 object-cover`}
        onError={() => setBroken(photo)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex items-center justify-center bg-primary font-bold text-primary-content select-none`}
    >
      {initialsOf(user)}
    </span>
  );
}
