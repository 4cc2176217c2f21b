import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Avatar, initialsOf, type AvatarUser } from './avatar.tsx';

export interface UserMenuProps {
  user: AvatarUser;
  onSignOut: () => void;
  signingOut?: boolean;
}

/**
 * The avatar with its dropdown: the display name and Sign Out (docs/spec.md, Navigation).
 * Opens with the button, closes on Escape, on a click outside and when focus leaves it.
 */
export function UserMenu({ user, onSignOut, signingOut = false }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const onPointerDown = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

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
        // The initials the avatar shows are part of the name (WCAG 2.5.3, label in name): a
        // speech-input user can say what they see.
        aria-label={`Account menu for ${user.name || user.email} (${initialsOf(user)})`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 top-full z-50 mt-3 w-72 rounded-box bg-white p-2 text-slate-900 shadow-xl ring-1 ring-slate-900/10"
        >
          <div className="flex items-center gap-3 border-b border-slate-200 px-3 pt-2 pb-3">
            <Avatar user={user} size="md" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.name}</p>
              <p className="truncate text-sm text-slate-700">{user.email}</p>
            </div>
          </div>
          <ul role="menu" aria-label="Account" className="pt-2">
            <li role="none">
              <button
                ref={firstItem}
                role="menuitem"
                type="button"
                className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left font-medium hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-70"
                disabled={signingOut}
                onClick={() => {
                  setOpen(false);
                  onSignOut();
                }}
              >
                <Icon>
                  <path
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    d="M15 17l5-5-5-5M20 12H9M12 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7"
                  />
                </Icon>
                Sign Out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
