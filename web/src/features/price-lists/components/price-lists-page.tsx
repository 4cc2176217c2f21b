import type { PriceList } from '@partsmith/contract/price-lists';
import { useEffect, useRef, useState } from 'react';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useDeletePriceList, usePriceLists } from '../api/price-lists.ts';
import { contentLabel, validityLabel } from './price-list-fields.ts';
import { PriceListForm } from './price-list-form.tsx';

export const PRICE_LISTS_TITLE = 'Price lists | Partsmith';
export const NO_PRICE_LISTS = 'No price list yet. Create one, then choose it on a company’s page.';

const CARD = 'rounded-box bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6';

type Notice = { ok: boolean; text: string } | null;

/** The question before a list is deleted: what happens to the companies buying on it. */
export function deleteQuestion(list: PriceList): string {
  const companies = list.companies.length;
  return companies === 0
    ? `The price list “${list.name}” is deleted.`
    : `The price list “${list.name}” is deleted; ${
        companies === 1
          ? 'the company buying on it goes'
          : `the ${companies} companies buying on it go`
      } back to the list prices.`;
}

function PriceListCard({
  list,
  onEdit,
  onDeleted,
}: {
  list: PriceList;
  onEdit: () => void;
  onDeleted: (notice: Notice) => void;
}) {
  const remove = useDeletePriceList();
  const onDelete = async () => {
    if (!(await confirmDialog(deleteQuestion(list), 'Yes, delete it'))) return;
    remove.mutate(list._id, {
      onSuccess: () => onDeleted({ ok: true, text: `The price list “${list.name}” is deleted.` }),
      onError: (error) => onDeleted({ ok: false, text: errorText(error) }),
    });
  };
  return (
    <article aria-labelledby={`price-list-${list._id}`} className={CARD}>
      <h3 id={`price-list-${list._id}`} className="text-lg font-bold break-words text-slate-900">
        {list.name}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-slate-700">
        <dt className="font-semibold">Valid:</dt>
        <dd>{validityLabel(list)}</dd>
        <dt className="font-semibold">Holds:</dt>
        <dd>{contentLabel(list)}</dd>
        <dt className="font-semibold">Companies:</dt>
        <dd className="break-words">
          {list.companies.length === 0
            ? 'None yet'
            : list.companies.map((company) => company.name).join(', ')}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-label={`Edit ${list.name}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm border-error text-error"
          aria-label={`Delete ${list.name}`}
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          {remove.isPending && <span aria-hidden="true" className="spinner size-4" />}
          Delete
        </button>
      </div>
    </article>
  );
}

/**
 * /dashboard/price-lists: the price lists the shop agrees with business buyers' companies (fixed
 * unit prices per part, discounts per category, when they apply, who buys on them), to create,
 * edit and delete.
 */
export function PriceListsPage() {
  const query = usePriceLists();
  // The list in the form: 'new', a list's id, or none.
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const formArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = PRICE_LISTS_TITLE;
  }, []);
  useEffect(() => {
    // The form opens where the keyboard and the eyes go next.
    if (editing) formArea.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [editing]);

  const editedList =
    editing && editing !== 'new'
      ? (query.data?.find((list) => list._id === editing) ?? null)
      : null;
  const closeForm = () => {
    setEditing(null);
    newButton.current?.focus();
  };

  let body;
  if (query.isPending) {
    body = (
      <SkeletonList label="Loading the price lists" rows={3} className={CARD} picture="h-10 w-10" />
    );
  } else if (!query.data) {
    body = <LoadFailed what="the price lists" query={query} />;
  } else if (query.data.length === 0) {
    body = <p className={`${CARD} text-slate-700`}>{NO_PRICE_LISTS}</p>;
  } else {
    body = (
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Price lists">
        {query.data.map((list) => (
          <li key={list._id}>
            <PriceListCard
              list={list}
              onEdit={() => {
                setNotice(null);
                setEditing(list._id);
              }}
              onDeleted={(result) => {
                setNotice(result);
                if (result?.ok && editing === list._id) setEditing(null);
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <DashboardPage
      eyebrow="Business buyers"
      title="Price lists"
      intro="Fixed prices and category discounts for the companies you agree them with. A company buys on one list at most; choose it on the company’s page."
    >
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={newButton}
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          New price list
        </button>
      </div>
      {/* Always there, so that what it says next is read out. */}
      <p role="status" className="font-medium text-green-800 empty:hidden">
        {notice?.ok ? notice.text : ''}
      </p>
      {notice && !notice.ok && (
        <p role="alert" className="font-medium text-error">
          {notice.text}
        </p>
      )}
      {editing && (editing === 'new' || editedList) && (
        <div ref={formArea} className={CARD}>
          <PriceListForm
            key={editing}
            list={editedList}
            onCancel={closeForm}
            onSaved={(saved) => {
              setNotice({ ok: true, text: `The price list “${saved.name}” is saved.` });
              closeForm();
            }}
          />
        </div>
      )}
      {body}
    </DashboardPage>
  );
}
