import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Category } from '@partsmith/contract';
import { toast } from 'sonner';
import { vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { CATEGORIES } from '../../../test/categories.ts';
import { json, mockApi, type ApiCall, type Routes } from '../../../test/mock-api.ts';
import { CategoriesPage } from './categories-page.tsx';

/** The render helper of the CategoriesPage tests (imported by those tests only). */

/** POST /api/categories' answer; `store` puts the category in the list GET answers. */
type Post = (body: Category, store: () => Response) => Response | Promise<Response>;

/** A PUT or DELETE of /api/categories/:slug; `list` is what GET answers, to change. */
export type Change = (
  call: ApiCall,
  list: { categories: Category[] },
) => Response | Promise<Response>;

export function renderPage(
  post: Post = (_, store) => store(),
  changes: Record<string, Change> = {},
) {
  let stored = [...CATEGORIES];
  const list = {
    get categories() {
      return stored;
    },
    set categories(next: Category[]) {
      stored = next;
    },
  };
  const more: Routes = Object.fromEntries(
    Object.entries(changes).map(([key, change]) => [key, (call: ApiCall) => change(call, list)]),
  );
  const api = mockApi({
    ...more,
    'GET /api/categories': () => json(stored),
    // The search words below the categories (search-synonyms.test.tsx tests them).
    'GET /api/search-synonyms': () => json([]),
    'POST /api/categories': ({ body }) =>
      post(body as Category, () => {
        stored = [...stored, body as Category];
        return json(body);
      }),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <CategoriesPage />
    </QueryClientProvider>,
  );
  return { api, client };
}

/**
 * Clears the toasts and the confirmation, which each test file mocks, and has the confirmation
 * answer yes unless a test says otherwise.
 */
export function resetToastsAndDialogs() {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(confirmDialog).mockImplementation(async () => true);
}
