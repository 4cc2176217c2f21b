import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CROSS, Icon } from '../../../components/ui/icon.tsx';

/**
 * The Shipping page's forms open in the browser's own modal <dialog> (showModal): the page
 * behind is inert, the focus stays inside, Escape closes it. It opens with its first field
 * focused and gives the focus back to what opened it (a removed <dialog> does not do that by
 * itself). Where showModal is missing (an old browser, jsdom) it opens in place.
 *
 * SweetAlert2's dialogs (lib/dialogs.ts) sit under a modal <dialog>, so nothing inside one asks
 * through them: a question inside (End the exemption?) is asked in the dialog itself.
 */
export function EditDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof box.showModal === 'function') box.showModal();
    else box.setAttribute('open', '');
    box.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
    return () => {
      if (typeof box.close === 'function' && box.open) box.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // Escape, or a phone's back gesture: closed by the page, which then unmounts the dialog.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-xl overflow-y-auto rounded-box bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60"
    >
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold break-words text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm shrink-0"
            aria-label="Close"
            onClick={() => onClose()}
          >
            <Icon>
              <path strokeLinecap="round" d={CROSS} />
            </Icon>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
