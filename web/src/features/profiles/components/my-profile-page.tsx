import type { SavedProfile } from '@partsmith/contract';
import { useEffect, useState } from 'react';
import { href, Link, useOutletContext } from 'react-router';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProfile } from '../api/get-profile.ts';
import { ProfileForm } from './profile-form.tsx';

interface ProfilePageUser {
  name: string;
  email: string;
  image?: string | null;
}

/** What the dashboard layout hands its pages through the outlet (only what this page reads). */
interface SignedInOutlet {
  user: ProfilePageUser;
}

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

function initialsOf({ name, email }: ProfilePageUser) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1
      ? `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}`
      : (words[0]?.[0] ?? email.trim()[0] ?? '?');
  return letters.toUpperCase();
}

/** The user's photo when they have one; otherwise (or if it fails to load) the initials. */
function Photo({ user }: { user: ProfilePageUser }) {
  const [broken, setBroken] = useState<string | null>(null);
  const photo = user.image && user.image !== broken ? user.image : null;
  const box = 'h-24 w-24 shrink-0 rounded-full ring-4 ring-orange-200';
  if (photo) {
    return (
      <img
        src={photo}
        alt={user.name || user.email}
        width={96}
        height={96}
        referrerPolicy="no-referrer"
        className={`${box} bg-slate-200 object-cover`}
        onError={() => setBroken(photo)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex items-center justify-center bg-primary text-3xl font-bold text-primary-content select-none`}
    >
      {initialsOf(user)}
    </span>
  );
}

function IdentityCard({
  user,
  saved,
}: {
  user: ProfilePageUser;
  saved: SavedProfile | null | undefined;
}) {
  return (
    <section
      aria-label="Your account"
      className={`${CARD} flex flex-col items-center gap-3 p-6 text-center`}
    >
      <Photo user={user} />
      <div className="min-w-0 max-w-full">
        <p className="text-lg font-bold break-words text-slate-900">{user.name}</p>
        <p className="break-all text-slate-700">{user.email}</p>
      </div>
      {saved && (
        <dl className="mt-2 w-full border-t border-slate-200 pt-4 text-left text-sm">
          <dt className="font-semibold text-slate-900">Location</dt>
          <dd className="mb-2 break-words text-slate-700">{saved.location}</dd>
          <dt className="font-semibold text-slate-900">LinkedIn</dt>
          <dd className="break-all">
            <a
              href={saved.linkedinUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="link font-medium text-primary"
            >
              {saved.linkedinUrl.replace(/^https:\/\/(www\.)?/, '')}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </dd>
        </dl>
      )}
    </section>
  );
}

/** /dashboard/my-profile: the signed-in user's profile. */
export function MyProfilePage() {
  const { user } = useOutletContext<SignedInOutlet>();
  const profile = useProfile(user.email);

  useEffect(() => {
    document.title = 'My Profile | Partsmith';
  }, []);

  let body;
  if (profile.isPending) {
    body = (
      <div role="status" className={`${CARD} flex flex-col gap-5 p-6 sm:p-8`}>
        <span className="sr-only">Loading your profile</span>
        <div aria-hidden="true" className="skeleton-pulse h-7 w-48" />
        <div aria-hidden="true" className="grid gap-5 sm:grid-cols-2">
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <div key={index} className="skeleton-pulse h-16 w-full" />
          ))}
        </div>
        <div aria-hidden="true" className="skeleton-pulse h-24 w-full" />
      </div>
    );
  } else if (profile.isError) {
    body = (
      <div className={`${CARD} flex flex-col items-start gap-4 p-6 sm:p-8`}>
        <p role="alert" className="text-lg font-semibold text-slate-900">
          We could not load your profile.{' '}
          {profile.error instanceof ApiError ? profile.error.message : 'Please try again.'}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={profile.isFetching}
          onClick={() => void profile.refetch()}
        >
          {profile.isFetching && <span aria-hidden="true" className="spinner size-5" />}
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <div className={`${CARD} p-5 sm:p-8`}>
        <ProfileForm user={user} saved={profile.data} />
      </div>
    );
  }

  return (
    <DashboardPage
      eyebrow="Your account"
      title="My Profile"
      intro="Keep your education, location, phone and links up to date, so our sales engineers know who they are helping."
    >
      <div className="grid items-start gap-6 xl:grid-cols-[16rem_minmax(0,1fr)]">
        <IdentityCard user={user} saved={profile.data} />
        {body}
      </div>
      <section
        aria-labelledby="profile-addresses-heading"
        className={`${CARD} flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:justify-between`}
      >
        <div>
          <h2 id="profile-addresses-heading" className="text-xl font-bold text-slate-900">
            Your addresses
          </h2>
          <p className="text-slate-700">
            The addresses we ship your orders to and invoice, and your default one.
          </p>
        </div>
        <Link to={href('/dashboard/addresses')} className="btn btn-outline btn-primary shrink-0">
          Manage your addresses
        </Link>
      </section>
    </DashboardPage>
  );
}
