import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Avatar, type AvatarUser } from './avatar.tsx';

export interface UserMenuPanelProps {
  id: string;
  user: AvatarUser;
  signingOut: boolean;
  /** The menu with its button: a click anywhere else closes the menu. */
  root: RefObject<HTMLDivElement | null>;
  /** Closes the menu; `refocus` puts the focus back on its button (Escape). */
  onClose: (refocus: boolean) => void;
  onSignOut: () => void;
}

/**
 * The account menu's dropdown: the display name and Sign Out. Loaded on demand with the navbar's
 * other parts (the home page's JavaScript budget); the first item takes the focus when it opens,
 * Escape and a click outside close it.
 */
export function UserMenuPanel({
  id,
  user,
  signingOut,
  root,
  onClose,
  onSignOut,
}: UserMenuPanelProps) {
  const firstItem = useRef<HTMLButtonElement>(null);

  // In the commit that shows the menu, before it is painted: the menu never shows without the
  // focus in it (a passive effect ran a task later, and a test that found the item first caught
  // it there on a loaded machine).
  useLayoutEffect(() => {
    firstItem.current?.focus();
  }, []);

  useEffect(() => {
    const onPointerDown = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) onClose(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [root, onClose]);

  return (
    <div
      id={id}
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
              onClose(false);
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
  );
}
