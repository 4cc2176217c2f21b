import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';

/**
 * GET /api/admin/orders/packing-slips.pdf: the slips of every order waiting to be shipped, in
 * one file, saved where the browser saves downloads; answers how many orders it holds. A 404
 * (none waiting) is an ApiError whose message says so.
 */
export async function downloadPackingSlips(): Promise<number> {
  const file = await apiFile('/admin/orders/packing-slips.pdf');
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename ?? 'packing-slips.pdf';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's download; the address is not needed after.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return Number(file.headers.get('x-packing-slips') ?? 0);
}

export function useDownloadPackingSlips() {
  return useMutation({ mutationFn: downloadPackingSlips });
}
