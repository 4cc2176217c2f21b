import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';

/**
 * The files of every order waiting to be shipped: their packing slips
 * (GET /api/admin/orders/packing-slips.pdf) or their pick list, one row per part
 * (GET /api/admin/orders/pick-list.pdf).
 */
export type ToShipFile = 'packing-slips' | 'pick-list';

/**
 * Downloads a file of every order waiting to be shipped, or of the selected ones (`ids`), saved
 * where the browser saves downloads; answers how many orders it is for. A 404 (none waiting) or
 * a 409 (a selected order not to be packed) is an ApiError whose message says so.
 */
export async function downloadToShipFile(
  file: ToShipFile,
  ids?: readonly string[],
): Promise<number> {
  const selected = ids ? `?${new URLSearchParams({ ids: ids.join(',') }).toString()}` : '';
  const answer = await apiFile(`/admin/orders/${file}.pdf${selected}`);
  const url = URL.createObjectURL(answer.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = answer.filename ?? `${file}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's download; the address is not needed after.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return Number(answer.headers.get('x-packing-slips') ?? 0);
}

/** The download of `file`: for the selected orders when given their ids, else for every one. */
export function useDownloadToShipFile(file: ToShipFile) {
  return useMutation({ mutationFn: (ids?: readonly string[]) => downloadToShipFile(file, ids) });
}
