import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Category, type EditCategoryBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { categoryChanged } from './category-changed.ts';

export type CategoryChanges = z.output<typeof EditCategoryBody>;

/**
 * PUT /api/categories/:slug (administrators): a new name and/or the whole list of attributes.
 * A 409 whose body names `attributes` (CategoryConflict) says which values parts would lose;
 * sent again with `onRemovedValues: 'drop'`, they are dropped.
 */
export function updateCategory({ slug, body }: { slug: string; body: CategoryChanges }) {
  return api(`/categories/${encodeURIComponent(slug)}`, {
    method: 'PUT',
    body,
    schema: Category,
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => categoryChanged(queryClient),
  });
}
