import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Category, type AddCategoryBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { categoriesQuery } from '../../../lib/get-categories.ts';

/** What the form sends: the contract's output (trimmed, the choices split). */
export type NewCategory = z.output<typeof AddCategoryBody>;

/** POST /api/categories (administrators): the stored category. */
export function addCategory(body: NewCategory) {
  return api('/categories', { method: 'POST', body, schema: Category });
}

/**
 * Adds a category; once stored, the categories are marked out of date, so this page's list and
 * Add Product's category select show it without a reload.
 */
export function useAddCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQuery().queryKey }),
  });
}
