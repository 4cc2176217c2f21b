import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { Avatar, initialsOf, type AvatarUser } from './avatar.tsx';

export interface UserMenuProps {
  user: AvatarUser;
  onSignOut: () => void;
  signingOut?: boolean;
}

// The dropdown loads on demand, with the navbar's other parts (the home page's JavaScript is on a
// budget, scripts/check-budget.mjs): the navbar's cart link asks for that chunk at once, so it is
// there by the time the menu opens.
const UserMenuPanel = lazyComponent(
  async () => (await import('./user-menu-panel.tsx')).UserMenuPanel,
);

/**
 * The avatar with its dropdown: the display name and Sign Out (docs/spec.md, Navigation).
 * Opens with the button, closes on Escape, on a click outside and when focus leaves it.
 */
export function UserMenu({ user, onSignOut, signingOut = false }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-300"
        // The initials the avatar shows begin its name (WCAG 2.5.3, label in name): a
        // speech-input user can say what they see. Not in brackets: axe's label-in-name rule
        // drops a bracketed part, and then initials that are no word of the name (AB for Axe
        // Buyer) failed it.
        aria-label={`${initialsOf(user)}, account menu for ${user.name || user.email}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuPanel
            id={menuId}
            user={user}
            signingOut={signingOut}
            root={root}
            onClose={close}
            onSignOut={onSignOut}
          />
        </Suspense>
      )}
    </div>
  );
}
