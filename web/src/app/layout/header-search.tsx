import type { PartSuggestion } from '@partsmith/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCombobox } from 'downshift';
import { useEffect, useState } from 'react';
import { href, useNavigate, useSearchParams } from 'react-router';
import { ReadyFieldset } from '../../components/ui/ready-fieldset.tsx';
import { api } from '../../lib/api-client.ts';
import { suggestRoot } from '../../lib/query-keys.ts';
import { SEARCH_INPUT_CLASS, SearchBoxFrame } from './search-box.tsx';

/** How long typing pauses before the suggestions are asked for. */
const PAUSE_MS = 150;

function useSuggestions(text: string) {
  const [asked, setAsked] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    queryKey: [suggestRoot, asked],
    queryFn: ({ signal }) =>
      api(`/parts/suggest?${new URLSearchParams({ q: asked })}`, {
        schema: 'PartSuggestions',
        signal,
      }),
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * The header's search box with up to 8 suggestions as you type (GET /api/parts/suggest): an
 * ARIA combobox (downshift). Arrow keys choose a suggestion and Enter opens its part; Enter
 * without one searches the catalogue for the text (/parts?q=), as the plain box does.
 */
export function HeaderSearch({ id, className }: { id: string; className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const suggestions = useSuggestions(text);
  const items: PartSuggestion[] = text.trim() ? (suggestions.data?.items ?? []) : [];

  const combobox = useCombobox<PartSuggestion>({
    id: `${id}-combobox`,
    inputId: id,
    items,
    // The box's text is downshift's own (fed back as a controlled value, fast typing lost
    // letters); the suggestions follow it.
    initialInputValue: text,
    itemToString: (item) => item?.name ?? '',
    onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      void navigate(href('/parts/:partsId', { partsId: selectedItem._id }));
      combobox.selectItem(null);
    },
    stateReducer: (state, { type, changes }) =>
      // Enter on a suggestion opens it; the text stays what was typed.
      type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
      type === useCombobox.stateChangeTypes.ItemClick
        ? { ...changes, inputValue: state.inputValue }
        : changes,
  });
  const open = combobox.isOpen && items.length > 0;

  return (
    <SearchBoxFrame
      id={id}
      className={className}
      input={
        // Disabled until this box is hydrated (it comes after the page's first paint): what was
        // typed before would be lost when React takes the box over.
        <ReadyFieldset>
          <input
            type="search"
            name="q"
            placeholder="Part or part number"
            maxLength={100}
            className={SEARCH_INPUT_CLASS}
            // downshift's props: the combobox's role and states, and autoComplete off.
            {...combobox.getInputProps({
              onKeyDown: (event) => {
                // No suggestion chosen: let the form search for the text.
                if (event.key === 'Enter' && combobox.highlightedIndex < 0) {
                  (
                    event.nativeEvent as { preventDownshiftDefault?: boolean }
                  ).preventDownshiftDefault = true;
                  combobox.closeMenu();
                }
              },
            })}
          />
        </ReadyFieldset>
      }
    >
      <ul
        {...combobox.getMenuProps({ 'aria-label': 'Suggested parts' })}
        // In the header (xl), wider than its box: a part's name reads whole. In the drawer, the
        // drawer's width.
        className={`absolute top-11 right-0 left-0 z-[70] xl:right-auto xl:w-96 max-h-[70vh] overflow-y-auto rounded-box bg-white py-1 text-slate-900 shadow-xl ring-1 ring-slate-900/10 ${open ? '' : 'hidden'}`}
      >
        {open &&
          items.map((item, index) => (
            <li
              key={item._id}
              {...combobox.getItemProps({ item, index })}
              className={`cursor-pointer px-4 py-2 ${combobox.highlightedIndex === index ? 'bg-orange-100' : ''}`}
            >
              <span className="line-clamp-2 font-semibold">{item.name}</span>
              <span className="block text-sm text-slate-600">
                {item.sku}
                {item.category ? ` · ${item.category.replace(/-/g, ' ')}` : ''}
              </span>
            </li>
          ))}
      </ul>
    </SearchBoxFrame>
  );
}
