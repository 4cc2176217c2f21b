import { PACKING_SLIPS_MOST } from '@partsmith/contract/admin-lists';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { useDownloadToShipFile, type ToShipFile } from '../api/packing-slips.ts';
import { messageOf } from './admin-messages.ts';
import { ActionButton } from './action-button.tsx';

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** What each file's button says, and what it says once the file is downloaded. */
const FILES: Record<
  ToShipFile,
  { label: string; failed: string; done: (count: number) => string; tip: string }
> = {
  'pick-list': {
    label: 'Pick list',
    failed: 'The pick list could not be made',
    done: (count) => `Pick list for ${orders(count)} downloaded`,
    tip: 'One row per part with its quantity, to take from the shelves before packing.',
  },
  'packing-slips': {
    label: 'Packing slips',
    failed: 'The packing slips could not be made',
    done: (count) => `Packing slips for ${orders(count)} downloaded`,
    tip: 'The longest waiting first. Open the file to print them.',
  },
};

/**
 * A button that downloads a file of every order waiting to be shipped (paid, or on account, and
 * neither shipped nor refunded), the longest waiting first: their pick list or their packing
 * slips, to print.
 */
function ToShipFileButton({ file }: { file: ToShipFile }) {
  const download = useDownloadToShipFile(file);
  const { label, failed, done, tip } = FILES[file];
  const onDownload = async () => {
    try {
      const count = await download.mutateAsync(undefined);
      toast.success(done(count), {
        description:
          count >= PACKING_SLIPS_MOST
            ? `A file holds the ${PACKING_SLIPS_MOST} longest waiting: ship them, then download the rest.`
            : tip,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) toast.info(error.message);
      else void showErrorDialog(messageOf(error), failed);
    }
  };
  return (
    <ActionButton
      className="btn btn-outline btn-sm border-slate-300 whitespace-nowrap text-white"
      busy={download.isPending}
      onAction={onDownload}
    >
      {label} <span className="sr-only">for the orders waiting to be shipped (PDF)</span>
    </ActionButton>
  );
}

/** Manage Orders' files for the packers: the pick list, then the packing slips. */
export function PackingSlipsButtons() {
  return (
    <div className="flex flex-wrap gap-2">
      <ToShipFileButton file="pick-list" />
      <ToShipFileButton file="packing-slips" />
    </div>
  );
}
