import type { AdminPage } from '@partsmith/contract/admin-lists';
import { useRef, type ReactNode, type Ref } from 'react';
import {
  ListPager,
  ListSearchBox,
  ListSummary,
  ListToolbar,
  NoMatches,
  SortSelect,
} from '../../../components/ui/list-controls.tsx';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { EmptyList, ListPage } from './list-states.tsx';

/** What AdminListPage reads of a table's page query (TanStack Query's result). */
interface PageQuery<T> {
  data: AdminPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * An admin table's page (Manage Products, Manage Orders, Make Admin, Manage Reviews): the header
 * with the spec's heading and the whole list's count, the search, filters and sort (all in the
 * address: lib/use-list-params.ts), what the list shows, the table (`children`, given this page's
 * rows and a caption that says the sort) and Previous / Next. A search or filter that finds
 * nothing offers to clear them; an empty shop says what fills the list.
 */
export function AdminListPage<T, F extends string, S extends string>({
  pageName,
  eyebrow,
  title,
  headingRef,
  actions,
  list,
  query,
  total,
  noun,
  search,
  filters,
  sorts,
  noMatch,
  empty,
  above,
  children,
}: {
  pageName: string;
  eyebrow: string;
  /** The heading, with the whole list's count once known. */
  title: (total: number | undefined) => string;
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  list: ListParams<F, S>;
  query: PageQuery<T>;
  /** How many the whole list has (the heading's count). */
  total: number | undefined;
  /** ['part', 'parts'] */
  noun: readonly [string, string];
  search: { label: string; placeholder: string };
  /** The filters' controls (FilterSelect, DateFilter). */
  filters: ReactNode;
  sorts: readonly { value: S; label: string }[];
  /** What to search for instead, under 'No parts match …'. */
  noMatch?: ReactNode;
  /** The whole list is empty. */
  empty: ReactNode;
  /** Above the table, below the summary (the bulk actions). */
  above?: ReactNode;
  children: (items: T[], caption: string) => ReactNode;
}) {
  const summary = useRef<HTMLParagraphElement>(null);
  const items = query.data?.items ?? [];
  const busy = query.isPlaceholderData;
  const values = list.values as Record<string, string>;
  const q = values.q ?? '';
  const narrowed = Object.entries(values).some(([key, value]) => key !== 'q' && value !== '');
  const sortLabel = sorts.find((sort) => sort.value === list.sort)?.label ?? '';
  const [one, many] = noun;
  const caption = `${list.filtered ? `${many[0]!.toUpperCase()}${many.slice(1)} that match the search and filters` : `All ${many}`}, ${sortLabel.toLowerCase()}`;
  const firstPage = (
    <button type="button" className="btn btn-outline btn-primary" onClick={list.first}>
      First page
    </button>
  );

  let nothing = empty;
  if (list.cursor) {
    nothing = <EmptyList title={`No ${many} on this page any more.`}>{firstPage}</EmptyList>;
  } else if (list.filtered) {
    nothing = (
      <NoMatches noun={many} q={q} narrowed={narrowed} onClear={list.clearFilters}>
        {noMatch}
      </NoMatches>
    );
  }

  return (
    <ListPage
      pageName={pageName}
      eyebrow={eyebrow}
      title={title(total)}
      headingRef={headingRef}
      actions={actions}
      toolbar={
        <>
          <ListToolbar
            label={`Find ${many}`}
            search={
              <ListSearchBox
                label={search.label}
                placeholder={search.placeholder}
                value={q}
                onSearch={list.setSearch}
              />
            }
            filtered={list.filtered}
            onClear={list.clearFilters}
          >
            {filters}
            <SortSelect value={list.sort} choices={sorts} onChange={list.setSort} />
          </ListToolbar>
          <ListSummary
            list={list}
            shown={items.length}
            total={query.data?.total}
            noun={[one, many]}
            busy={busy}
            summaryRef={summary}
          />
        </>
      }
      query={query}
      what={`the ${many}`}
      count={items.length}
      empty={nothing}
      recover={list.cursor ? firstPage : undefined}
    >
      {above}
      <div
        aria-busy={busy || undefined}
        className={`transition-opacity motion-reduce:transition-none ${busy ? 'opacity-60' : ''}`}
      >
        {children(items, caption)}
      </div>
      <ListPager
        list={list}
        nextCursor={query.data?.nextCursor}
        noun={many}
        busy={busy}
        summaryRef={summary}
      />
    </ListPage>
  );
}
