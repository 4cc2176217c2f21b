import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/** How long typing pauses before the list is searched. */
export const SEARCH_DELAY_MS = 300;

/**
 * A list's search: `text` as typed, and `query`, the trimmed text the list is searched for. The
 * query follows the text once typing pauses (SEARCH_DELAY_MS), or at once on submit. Clearing
 * it puts the focus back in the search box (the button that cleared it goes away).
 */
export function useListSearch(delayMs = SEARCH_DELAY_MS) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  /** How many times the search was cleared: the form focuses its box after each. */
  const [cleared, setCleared] = useState(0);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === query) return;
    const timer = setTimeout(() => setQuery(wanted), delayMs);
    return () => clearTimeout(timer);
  }, [text, query, delayMs]);
  return {
    text,
    setText,
    query,
    cleared,
    submit: () => setQuery(text.trim()),
    clear: () => {
      setText('');
      setQuery('');
      setCleared((n) => n + 1);
    },
  };
}

export type ListSearch = ReturnType<typeof useListSearch>;

/**
 * The search form above a list: a labelled search box (at most 100 characters, as the server
 * takes) and its button, then `status`, a polite live region that says what the search found
 * (rendered empty while there is no search, so the first result is announced too).
 */
export function ListSearchForm({
  search,
  label,
  placeholder,
  status,
}: {
  search: ListSearch;
  label: string;
  placeholder?: string;
  status: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { cleared } = search;
  useEffect(() => {
    if (cleared > 0) input.current?.focus();
  }, [cleared]);
  return (
    <div className="mb-4 flex flex-col gap-2">
      <SearchBoxForm
        label={label}
        placeholder={placeholder}
        text={search.text}
        onText={search.setText}
        onSubmit={search.submit}
        inputRef={input}
      />
      <div role="status" className="text-sm text-slate-700">
        {status}
      </div>
    </div>
  );
}

/**
 * A list's labelled search box (at most 100 characters, as the server takes) and its button:
 * the markup of ListSearchForm here and of the address-kept ListSearchBox (list-controls.tsx).
 */
export function SearchBoxForm({
  label,
  placeholder,
  text,
  onText,
  onSubmit,
  inputRef,
}: {
  label: string;
  placeholder?: string;
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label={label}
      className="flex w-full max-w-xl flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          type="search"
          value={text}
          onChange={(event) => onText(event.target.value)}
          maxLength={100}
          placeholder={placeholder}
          autoComplete="off"
          className="input min-w-0 flex-1 border border-slate-500 bg-white"
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
    </form>
  );
}

/** What a search found, for ListSearchForm's status: "2 orders match “ddr5”." */
export function searchSummary(count: number, query: string, noun: [string, string]) {
  return `${count} ${count === 1 ? noun[0] : noun[1]} ${count === 1 ? 'matches' : 'match'} “${query}”.`;
}

/** A search that found nothing: says so and offers the way back to the whole list. */
export function NoMatch({
  query,
  what,
  onClear,
  children,
}: {
  query: string;
  /** 'orders' */
  what: string;
  onClear: () => void;
  /** What to search for instead. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">
        No {what} match “{query}”.
      </p>
      {children && <p className="max-w-md text-slate-700">{children}</p>}
      <button type="button" className="btn btn-outline btn-primary" onClick={onClear}>
        Clear the search
      </button>
    </div>
  );
}
