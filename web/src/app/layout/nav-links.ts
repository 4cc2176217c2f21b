import { href } from 'react-router';

/** The navbar's links (docs/spec.md, Navigation). BLOGS shows on desktop only and is never in the drawer. */
export interface NavLinkItem {
  to: string;
  label: string;
  desktopOnly?: boolean;
}

export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: href('/'), label: 'Home' },
  { to: href('/parts'), label: 'Parts' },
  { to: href('/myPortfolio'), label: 'My Portfolio' },
  { to: href('/blogs'), label: 'BLOGS', desktopOnly: true },
  { to: href('/contact'), label: 'Contact' },
];

/** The drawer's links: every link but the desktop-only ones (so never BLOGS). */
export const DRAWER_LINKS: readonly NavLinkItem[] = NAV_LINKS.filter((link) => !link.desktopOnly);

/** Shown when signed out. */
export const LOGIN_LINK: NavLinkItem = { to: href('/login'), label: 'Login' };
/** Shown when signed in (with Sign Out and the avatar menu). */
export const DASHBOARD_LINK: NavLinkItem = { to: href('/dashboard'), label: 'Dashboard' };

/** Said after Sign Out. */
export const SIGNED_OUT_MESSAGE = 'You are signed out.';
