import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CategoryDeleted } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { categoryChanged } from './category-changed.ts';

/**
 * DELETE /api/categories/:slug (administrators), its parts moved to `moveTo` first. Without
 * `moveTo`, a category with parts is a 409 whose body counts them (CategoryConflict `parts`).
 */
export function deleteCategory({ slug, moveTo }: { slug: string; moveTo?: string }) {
  const query = moveTo ? `?${new URLSearchParams({ moveTo }).toString()}` : '';
  return api(`/categories/${encodeURIComponent(slug)}${query}`, {
    method: 'DELETE',
    schema: CategoryDeleted,
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => categoryChanged(queryClient),
  });
}
