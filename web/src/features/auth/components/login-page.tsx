import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../api/get-session.ts';
import { providerErrorMessage, returnPathFrom } from './redirect-target.ts';
import { SignInPanel } from './sign-in-panel.tsx';
import { SignUpPanel } from './sign-up-panel.tsx';

type Mode = 'signup' | 'signin';

/** Other pages may open the panel in a given state, e.g. the reset page's "ask for a new link". */
export interface LoginLocationState {
  from?: string;
  mode?: Mode;
  forgot?: boolean;
}

function initialView(state: unknown): { mode: Mode; forgot: boolean } {
  const s = (state && typeof state === 'object' ? state : {}) as LoginLocationState;
  const forgot = s.forgot === true;
  // The panel starts in sign-up mode, as in the spec.
  return { mode: forgot || s.mode === 'signin' ? 'signin' : 'signup', forgot };
}

/** Half of the desktop panel; the whole card on small screens, where only the active form shows. */
const FORM_PANEL =
  'md:absolute md:inset-y-0 md:left-0 md:w-1/2 md:overflow-y-auto transition-all duration-700 ease-in-out motion-reduce:transition-none';
const SLIDE = 'transition-transform duration-700 ease-in-out motion-reduce:transition-none';

function OverlaySide({
  side,
  visible,
  title,
  text,
  action,
  onAction,
}: {
  side: 'left' | 'right';
  visible: boolean;
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  const hiddenShift = side === 'left' ? '-translate-x-1/5' : 'translate-x-1/5';
  return (
    <div
      inert={!visible}
      className={`absolute top-0 flex h-full w-1/2 flex-col items-center justify-center gap-5 px-10 text-center ${SLIDE} ${
        side === 'left' ? 'left-0' : 'right-0'
      } ${visible ? 'translate-x-0' : hiddenShift}`}
    >
      <svg aria-hidden="true" viewBox="0 0 48 48" className="h-14 w-14 text-orange-400">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M29 8a9 9 0 0 0-8.6 11.7L8 32.1a3.5 3.5 0 1 0 5 5l12.4-12.4A9 9 0 0 0 37.4 16l-5.2 5.2-4.9-.6-.6-4.9 5.2-5.2A9 9 0 0 0 29 8z"
        />
      </svg>
      <p className="text-3xl font-extrabold tracking-tight">{title}</p>
      <p className="max-w-xs leading-relaxed text-slate-100">{text}</p>
      <button
        type="button"
        className="btn rounded-full border-2 border-white bg-transparent px-10 font-bold tracking-wider text-white uppercase hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-300"
        onClick={onAction}
      >
        {action}
      </button>
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="bg-slate-100 pb-16">
      <div className="bg-slate-900 text-slate-100">
        <div className="mx-auto max-w-4xl px-4 pt-10 pb-24 text-center sm:pt-14 sm:pb-28">
          <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            Your Partsmith account
          </h1>
          <p className="mx-auto mt-3 max-w-2xl text-slate-200">
            Create an account or sign in to buy parts at factory prices, pay for your orders and
            follow them until they ship.
          </p>
        </div>
      </div>
      <div className="mx-auto -mt-16 max-w-4xl px-4 sm:-mt-20">{children}</div>
    </div>
  );
}

/**
 * /login: one panel that slides between Create Account and Sign in, starting in
 * sign-up mode. After signing in the visitor goes back where they came from, else to /.
 */
export function LoginPage() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSession();
  const returnTo = returnPathFrom(location.state, searchParams);
  const [initial] = useState(() => initialView(location.state));
  const [mode, setMode] = useState<Mode>(initial.mode);
  // Coming back from a provider with ?error=CODE shows it in the pill.
  const [message, setMessage] = useState<string | null>(() =>
    providerErrorMessage(searchParams.get('error')),
  );
  const signupHeading = useRef<HTMLHeadingElement>(null);
  const signinHeading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  useEffect(() => {
    document.title = 'Login | Partsmith';
  }, []);

  // The error is shown once; a reload should not show it again.
  useEffect(() => {
    if (!searchParams.has('error')) return;
    const next = new URLSearchParams(searchParams);
    next.delete('error');
    setSearchParams(next, { replace: true, state: location.state, preventScrollReset: true });
  }, [searchParams, setSearchParams, location.state]);

  // The toggle that was pressed slides away: focus follows to the new form's heading.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    (mode === 'signup' ? signupHeading : signinHeading).current?.focus();
  }, [mode]);

  if (session.data) return <Navigate to={returnTo} replace />;

  const switchTo = (next: Mode) => {
    switched.current = true;
    setMessage(null);
    setMode(next);
  };
  const signup = mode === 'signup';

  return (
    <Frame>
      <div className="relative overflow-hidden rounded-box bg-white shadow-2xl ring-1 ring-slate-900/5 md:h-[660px]">
        <section
          aria-labelledby="signup-heading"
          inert={!signup}
          aria-hidden={signup ? undefined : true}
          className={`${FORM_PANEL} ${
            signup ? 'z-20 opacity-100 md:translate-x-full' : 'hidden opacity-0 md:z-10 md:block'
          }`}
        >
          <SignUpPanel
            headingRef={signupHeading}
            returnTo={returnTo}
            message={signup ? message : null}
            onMessage={setMessage}
          />
        </section>
        <section
          aria-labelledby="signin-heading"
          inert={signup}
          aria-hidden={signup ? true : undefined}
          className={`${FORM_PANEL} ${
            signup ? 'hidden opacity-0 md:z-10 md:block md:translate-x-full' : 'z-20 opacity-100'
          }`}
        >
          <SignInPanel
            headingRef={signinHeading}
            returnTo={returnTo}
            message={signup ? null : message}
            onMessage={setMessage}
            startWithForgot={initial.forgot}
          />
        </section>

        {/* The sliding overlay (desktop): it covers the form that is not in use. */}
        <div
          className={`absolute inset-y-0 left-1/2 z-30 hidden w-1/2 overflow-hidden md:block ${SLIDE} ${
            signup ? '-translate-x-full' : 'translate-x-0'
          }`}
        >
          <div
            className={`relative -left-full h-full w-[200%] bg-linear-to-br from-slate-900 via-slate-800 to-orange-900 text-white ${SLIDE} ${
              signup ? 'translate-x-1/2' : 'translate-x-0'
            }`}
          >
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(249,115,22,0.25),transparent_45%),radial-gradient(circle_at_80%_85%,rgba(249,115,22,0.2),transparent_40%)]"
            />
            <OverlaySide
              side="left"
              visible={signup}
              title="Welcome back!"
              text="Already shopping with us? Sign in to follow your orders, pay and leave reviews."
              action="Sign in instead"
              onAction={() => switchTo('signin')}
            />
            <OverlaySide
              side="right"
              visible={!signup}
              title="New to Partsmith?"
              text="Create a free account to buy tools and parts straight from the manufacturer."
              action="Create an account"
              onAction={() => switchTo('signup')}
            />
          </div>
        </div>

        {/* Small screens: the forms stack and this line toggles them. */}
        <p className="border-t border-base-300 bg-slate-50 px-6 py-5 text-center text-slate-800 md:hidden">
          {signup ? 'Already have an account? ' : 'New to Partsmith? '}
          <button
            type="button"
            className="link font-bold text-primary"
            onClick={() => switchTo(signup ? 'signin' : 'signup')}
          >
            {signup ? 'Sign in instead' : 'Create an account'}
          </button>
        </p>
      </div>
    </Frame>
  );
}
