import {
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from '@partsmith/contract/constants';
import type { ReactNode } from 'react';
import { href } from 'react-router';
import { useAuthProviders } from '../api/providers.ts';
import { useSocialSignIn } from '../api/social-sign-in.ts';
import { errorText } from './pill-message.tsx';

const LOGOS: Record<SocialProvider, ReactNode> = {
  google: (
    <>
      <path
        fill="#4285F4"
        d="M23.49 12.27c0-.79-.07-1.54-.19-2.27H12v4.51h6.47a5.54 5.54 0 0 1-2.4 3.58v3h3.86c2.26-2.09 3.56-5.17 3.56-8.82z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.08 7.93-2.91l-3.86-3c-1.08.72-2.45 1.16-4.07 1.16-3.13 0-5.78-2.11-6.73-4.96H1.29v3.09A11.99 11.99 0 0 0 12 24z"
      />
      <path
        fill="#FBBC05"
        d="M5.27 14.29A7.2 7.2 0 0 1 4.89 12c0-.8.14-1.57.38-2.29V6.62H1.29A11.99 11.99 0 0 0 0 12c0 1.94.47 3.76 1.29 5.38z"
      />
      <path
        fill="#EA4335"
        d="M12 4.75c1.77 0 3.35.61 4.6 1.8l3.42-3.42A11.96 11.96 0 0 0 12 0 11.99 11.99 0 0 0 1.29 6.62l3.98 3.09C6.22 6.86 8.87 4.75 12 4.75z"
      />
    </>
  ),
  github: (
    <path
      fill="#181717"
      d="M12 .3a12 12 0 0 0-3.8 23.38c.6.11.82-.26.82-.58v-2.03c-3.34.73-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.09-.74.08-.73.08-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.81 1.3 3.5 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1.01-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.65 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.43.37.82 1.1.82 2.22v3.29c0 .32.21.7.83.58A12 12 0 0 0 12 .3"
    />
  ),
  facebook: (
    <path
      fill="#0866FF"
      d="M9.1 23.69v-7.98H6.63v-3.67H9.1v-1.58c0-4.09 1.85-5.98 5.86-5.98.76 0 2.07.15 2.61.3v3.32c-.28-.03-.78-.04-1.39-.04-1.97 0-2.73.74-2.73 2.68v1.3h3.92l-.67 3.67h-3.25v8.24A12 12 0 1 0 9.1 23.69z"
    />
  ),
};

export interface SocialButtonsProps {
  /** Same-origin path to land on once signed in. */
  returnTo: string;
  /** Shows (or, with null, clears) the panel's pill message. */
  onMessage: (message: string | null) => void;
}

/** The three social sign-in icons. A provider without keys on this shop says so, unasked. */
export function SocialButtons({ returnTo, onMessage }: SocialButtonsProps) {
  const providers = useAuthProviders();
  const social = useSocialSignIn();
  // Busy from the click until the browser has left for the provider.
  const busy = social.isPending || social.isSuccess;

  const start = (provider: SocialProvider) => {
    onMessage(null);
    if (providers.data && !providers.data[provider]) {
      onMessage(`${SOCIAL_PROVIDER_NAMES[provider]} sign-in is not set up on this shop.`);
      return;
    }
    const back = new URLSearchParams({ from: returnTo });
    social.mutate(
      { provider, callbackURL: returnTo, errorCallbackURL: `${href('/login')}?${back}` },
      { onError: (error) => onMessage(errorText(error)) },
    );
  };

  return (
    <ul className="flex items-center justify-center gap-4" aria-label="Social sign-in">
      {SOCIAL_PROVIDERS.map((provider) => {
        const pending = busy && social.variables?.provider === provider;
        return (
          <li key={provider}>
            <button
              type="button"
              className="btn btn-circle h-12 w-12 border border-slate-400 bg-white shadow-sm hover:border-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              aria-label={`Sign in with ${SOCIAL_PROVIDER_NAMES[provider]}`}
              aria-busy={pending || undefined}
              disabled={busy}
              onClick={() => start(provider)}
            >
              {pending ? (
                <span aria-hidden="true" className="spinner size-5" />
              ) : (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
                  {LOGOS[provider]}
                </svg>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
