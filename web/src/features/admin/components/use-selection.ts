import { useState } from 'react';

/**
 * The rows selected for a bulk action, on the page they were selected on (`page`: the list's
 * request): another page, search, filter or sort starts with none (the actions say 'on this
 * page').
 */
export function useSelection(page: string) {
  const [selection, setSelection] = useState<{ page: string; ids: ReadonlySet<string> }>({
    page,
    ids: new Set(),
  });
  const ids = selection.page === page ? selection.ids : new Set<string>();
  const set = (next: Set<string>) => setSelection({ page, ids: next });
  return {
    has: (id: string) => ids.has(id),
    toggle: (id: string, on: boolean) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      set(next);
    },
    setAll: (all: string[]) => set(new Set(all)),
    clear: () => set(new Set()),
  };
}
