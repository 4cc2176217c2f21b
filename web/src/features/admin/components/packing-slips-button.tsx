import { PACKING_SLIPS_MOST } from '@partsmith/contract/admin-lists';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { useDownloadPackingSlips } from '../api/packing-slips.ts';
import { messageOf } from './admin-messages.ts';
import { ActionButton } from './action-button.tsx';

/**
 * "Packing slips": the slips of every order waiting to be shipped (paid, or on account, and
 * neither shipped nor refunded), the longest waiting first, downloaded as one PDF to print.
 */
export function PackingSlipsButton() {
  const slips = useDownloadPackingSlips();
  const onDownload = async () => {
    try {
      const count = await slips.mutateAsync();
      toast.success(`Packing slips for ${count} ${count === 1 ? 'order' : 'orders'} downloaded`, {
        description:
          count >= PACKING_SLIPS_MOST
            ? `A file holds the ${PACKING_SLIPS_MOST} longest waiting: ship them, then download the rest.`
            : 'The longest waiting first. Open the file to print them.',
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) toast.info(error.message);
      else void showErrorDialog(messageOf(error), 'The packing slips could not be made');
    }
  };
  return (
    <ActionButton
      className="btn btn-outline btn-primary btn-sm whitespace-nowrap"
      busy={slips.isPending}
      onAction={onDownload}
    >
      Packing slips <span className="sr-only">for the orders waiting to be shipped (PDF)</span>
    </ActionButton>
  );
}
