import type { QueryClient } from '@tanstack/react-query';
import {
  auditRoot,
  categoriesRoot,
  partRoot,
  partsRoot,
  searchRoot,
} from '../../../lib/query-keys.ts';

/**
 * After a category is renamed, changed or deleted: the categories (this page, Add Product, the
 * editor, the search's filters) are read again now; the parts it touched (their pages, the
 * lists, the searches) and the audit log when next shown.
 */
export function categoryChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [categoriesRoot] });
  for (const root of [partRoot, partsRoot, searchRoot, auditRoot])
    void queryClient.invalidateQueries({ queryKey: [root], refetchType: 'none' });
}
