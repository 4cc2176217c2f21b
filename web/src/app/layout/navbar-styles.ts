// The navbar's looks, shared by the top bar (app/layout/navbar.tsx) and its drawer, which loads
// on demand (navbar-drawer.tsx). The strings are constants the build writes where they are used.

export const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-300';

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium transition-colors hover:bg-white/10 ${FOCUS} ${
    isActive ? 'text-orange-300' : 'text-slate-100'
  }`;

export const drawerLinkClass = (state: { isActive: boolean }) => `block ${linkClass(state)}`;

export const SIGN_OUT_CLASS = `btn btn-sm rounded-full whitespace-nowrap border border-slate-400 bg-transparent px-4 font-semibold text-slate-100 shadow-none hover:border-orange-300 hover:bg-white/10 ${FOCUS}`;

export const BRAND_CLASS =
  'flex items-center gap-2 text-xl font-extrabold tracking-tight text-white';

/** Whether someone is signed in: 'loading' until the session is known. */
export type SessionState = 'in' | 'out' | 'loading';
