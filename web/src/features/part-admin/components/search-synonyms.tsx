import { zodResolver } from '@hookform/resolvers/zod';
import { SynonymExpansion, SynonymTerm, type SearchSynonym } from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  FailureBox,
  fieldBorder,
  FormField as Field,
  FieldMessages,
  describedBy,
  FIELD_LABEL,
} from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useSubmitFailure } from '../../../lib/submit-failure.ts';
import { useDeleteSearchSynonym } from '../api/delete-search-synonym.ts';
import { useSearchSynonyms } from '../api/get-search-synonyms.ts';
import { useSaveSearchSynonym } from '../api/save-search-synonym.ts';

export const SYNONYM_SAVED = 'Search word saved';
export const SYNONYM_FAILED = 'The search word was not saved.';
export const SYNONYM_DELETED = 'Search word deleted';

/** The question before a delete: what the search stops finding. */
export const deleteText = ({ term, expansion }: SearchSynonym) =>
  `A search for "${term}" will no longer find what says "${expansion}".`;

/** What a saved word does, as the toast says it. */
const findsText = ({ term, expansion }: SearchSynonym) =>
  `A search for "${term}" also finds "${expansion}".`;

/** The add form's values, checked by the contract's rules (the server's own). */
const NewSynonym = z.object({ term: SynonymTerm, expansion: SynonymExpansion });
type NewSynonymFields = z.input<typeof NewSynonym>;

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';
const INPUT = 'input w-full bg-white border';
/** A box for a code word: no capitals or spelling fixes on a phone. */
const CODE_WORD = { autoCapitalize: 'none', spellCheck: false } as const;

/**
 * "Add a search word": the word shoppers type and what it also finds. A word already in the list
 * is changed there, not here (saving it here would replace it unseen).
 */
function AddSynonym({ existing }: { existing: readonly SearchSynonym[] | undefined }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const save = useSaveSearchSynonym();
  const { failure, fail, clear } = useSubmitFailure(SYNONYM_FAILED);
  const form = useForm<NewSynonymFields, unknown, SearchSynonym>({
    resolver: zodResolver(NewSynonym),
    defaultValues: { term: '', expansion: '' },
  });
  const { errors } = form.formState;

  const submit = (synonym: SearchSynonym) => {
    if (save.isPending) return;
    if (existing?.some((s) => s.term === synonym.term)) {
      form.setError(
        'term',
        { message: `"${synonym.term}" is a search word already: change it in the list below.` },
        { shouldFocus: true },
      );
      return;
    }
    clear();
    save.mutate(synonym, {
      onSuccess: (saved) => {
        toast.success(SYNONYM_SAVED, { description: findsText(saved) });
        form.reset();
      },
      onError: fail,
    });
  };

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        Add a search word
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-term`}
          label="Word shoppers type"
          error={errors.term?.message}
          hint="Letters and digits; a dash or a space between words (mini-itx)."
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              maxLength={40}
              placeholder="e.g. psu"
              className={`${INPUT} ${fieldBorder(!!errors.term)}`}
              {...CODE_WORD}
              {...form.register('term')}
            />
          )}
        </Field>
        <Field
          id={`${id}-expansion`}
          label="Also finds"
          error={errors.expansion?.message}
          hint="The words a part must say to be found too."
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              maxLength={100}
              placeholder="e.g. power supply"
              className={`${INPUT} ${fieldBorder(!!errors.expansion)}`}
              {...form.register('expansion')}
            />
          )}
        </Field>
      </div>
      <FailureBox text={SYNONYM_FAILED} failure={failure} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Add search word'}
        </button>
      </div>
    </form>
  );
}

/** A word of the list, with Change (its expansion, in place) and Delete (once confirmed). */
function SynonymRow({ synonym }: { synonym: SearchSynonym }) {
  const id = useId();
  const save = useSaveSearchSynonym();
  const remove = useDeleteSearchSynonym();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(synonym.expansion);
  const [error, setError] = useState<string | null>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLInputElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) box.current?.focus();
    else if (returnFocus.current) changeButton.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  };
  const open = () => {
    setText(synonym.expansion);
    setEditing(true);
  };

  const submit = () => {
    if (save.isPending) return;
    const parsed = SynonymExpansion.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      box.current?.focus();
      return;
    }
    save.mutate(
      { term: synonym.term, expansion: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(SYNONYM_SAVED, { description: findsText(saved) });
          close();
        },
        onError: (failed) => {
          const message = errorText(failed);
          setError(message);
          toast.error(SYNONYM_FAILED, { description: message });
        },
      },
    );
  };

  const onDelete = async () => {
    if (!(await confirmDialog(deleteText(synonym)))) return;
    try {
      await remove.mutateAsync(synonym.term);
      toast.success(SYNONYM_DELETED, { description: `"${synonym.term}" is searched as typed.` });
    } catch (failed) {
      void showErrorDialog(errorText(failed));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  const boxId = `${id}-expansion`;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      {editing ? (
        <form
          noValidate
          aria-label={`Change ${synonym.term}`}
          className="flex w-full flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor={boxId} className={FIELD_LABEL}>
            What “{synonym.term}” also finds
          </label>
          <input
            ref={box}
            id={boxId}
            type="text"
            autoComplete="off"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error ? `${boxId}-error` : undefined)}
            className={`${INPUT} ${fieldBorder(!!error)}`}
          />
          <FieldMessages id={boxId} error={error ?? undefined} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 [overflow-wrap:anywhere]">
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono font-semibold text-slate-900">
              {synonym.term}
            </code>
            <span className="text-slate-700">also finds</span>
            <span className="font-semibold text-slate-900">{synonym.expansion}</span>
          </p>
          <div className="flex shrink-0 gap-2">
            <button
              ref={changeButton}
              type="button"
              className="btn btn-outline btn-sm"
              aria-label={`Change ${synonym.term}`}
              onClick={open}
            >
              Change
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm border-red-700 text-red-800 hover:bg-red-50"
              aria-label={`Delete ${synonym.term}`}
              disabled={remove.isPending}
              onClick={() => void onDelete()}
            >
              Delete
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * "Search words" (issue 46): the trade's words the catalogue's search also understands, each
 * with what it finds (psu: power supply). Admins add, change and delete them here; the search
 * reads a change at once.
 */
export function SearchSynonyms() {
  const headingId = useId();
  const synonyms = useSearchSynonyms();
  const { data } = synonyms;
  return (
    <section aria-labelledby={headingId} className={`${CARD} flex flex-col gap-6 p-5 sm:p-8`}>
      <div>
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          Search words
        </h2>
        <p className="mt-1 text-slate-700">
          Words of the trade the catalogue&rsquo;s search understands: a shopper who types one also
          finds the parts that say what it stands for (psu finds power supplies).
        </p>
      </div>
      <AddSynonym existing={data} />
      {synonyms.isPending ? (
        <Spinner label="Loading the search words" className="py-6" />
      ) : !data ? (
        <LoadFailed what="the search words" query={synonyms} />
      ) : data.length === 0 ? (
        <p className="text-slate-700">No search words yet: add the first above.</p>
      ) : (
        <ul aria-label="Search words" className="divide-y divide-slate-200">
          {data.map((synonym) => (
            <SynonymRow key={synonym.term} synonym={synonym} />
          ))}
        </ul>
      )}
    </section>
  );
}
