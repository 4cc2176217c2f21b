import type { ReactNode } from 'react';
import { Form, href } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';

/** The magnifier of the search boxes. */
export const SEARCH_ICON = (
  <Icon className="h-5 w-5">
    <circle cx="11" cy="11" r="7" />
    <path strokeLinecap="round" d="m20 20-3.5-3.5" />
  </Icon>
);

export const SEARCH_INPUT_CLASS =
  'h-10 w-full rounded-full border border-slate-600 bg-slate-800 pr-11 pl-4 text-base text-white placeholder:text-slate-400 focus:border-orange-300 focus:outline-2 focus:outline-offset-1 focus:outline-orange-300';

export interface SearchBoxFrameProps {
  /** The `id` of the text box (its label points at it). */
  id: string;
  /** The text box: a plain one until the suggestions' module has come, then the combobox. */
  input: ReactNode;
  /** The suggestions' list, under the box. */
  children?: ReactNode;
  className?: string;
}

/**
 * The header's search (issue 46): a GET form to /parts?q=, so Enter searches the catalogue
 * whether or not the page's script has come (React Router's Form navigates in the page once it
 * has). The suggestions come with header-search.tsx, loaded after the first paint.
 */
export function SearchBoxFrame({ id, input, children, className = '' }: SearchBoxFrameProps) {
  return (
    <Form action={href('/parts')} role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search parts
      </label>
      {input}
      <button
        type="submit"
        className="absolute top-0 right-0 flex h-10 w-10 items-center justify-center rounded-full text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-orange-300"
        aria-label="Search"
      >
        {SEARCH_ICON}
      </button>
      {children}
    </Form>
  );
}

/** The box before the suggestions' module has come: the same form, with a plain text box. */
export function PlainSearchBox({ id, className }: { id: string; className?: string }) {
  return (
    <SearchBoxFrame
      id={id}
      className={className}
      input={
        <input
          id={id}
          type="search"
          name="q"
          autoComplete="off"
          placeholder="Part or part number"
          maxLength={100}
          className={SEARCH_INPUT_CLASS}
        />
      }
    />
  );
}
