import { CategoryConflict, type AttributeDef, type Category } from '@partsmith/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import {
  describedBy,
  FIELD_ERROR,
  FIELD_HINT,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useCategories } from '../../../lib/get-categories.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { TYPE_NAMES } from './category-fields.ts';
import { CategoryForm } from './category-form.tsx';
import { SearchSynonyms } from './search-synonyms.tsx';

export const CATEGORY_DELETED = 'Category deleted';

/** An attribute's type as a person reads it: "Number in mm, whole numbers", "Choice from a list: Air, Liquid". */
export function typeText(def: AttributeDef): string {
  if (def.type === 'number')
    return [`Number${def.unit ? ` in ${def.unit}` : ''}`, def.integer && 'whole numbers']
      .filter(Boolean)
      .join(', ');
  if (def.type === 'enum') return `${TYPE_NAMES.enum}: ${(def.options ?? []).join(', ')}`;
  return TYPE_NAMES[def.type];
}

const CODE = 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-900';

const partsText = (n: number) => `${n} ${n === 1 ? 'part' : 'parts'}`;

/** How many parts a refused delete counted (a 409 of DELETE /api/categories/:slug), if that was why. */
function partsIn(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = CategoryConflict.safeParse(error.body);
  return body.success ? (body.data.parts ?? null) : null;
}

/**
 * "Delete <name>": where its parts go ("Move its parts to": another category, or none for an
 * empty one), then the confirmation. A category with parts and nowhere to send them is refused
 * by the server, which counts them: said here, at the select.
 */
function DeleteCategory({
  id,
  category,
  others,
  onClose,
  onDeleted,
}: {
  id: string;
  category: Category;
  others: readonly Category[];
  onClose: () => void;
  /** The category is gone (its card with it): the focus goes elsewhere. */
  onDeleted: () => void;
}) {
  const selectId = `${id}-move-to`;
  const select = useRef<HTMLSelectElement>(null);
  const [moveTo, setMoveTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteCategory();
  useEffect(() => select.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const target = others.find((c) => c.slug === moveTo);
    const text = target
      ? `"${category.name}" will be deleted and its parts moved to "${target.name}". Their values that "${target.name}" does not take are dropped.`
      : `"${category.name}" will be deleted.`;
    if (!(await confirmDialog(text))) return;
    setProblem(null);
    try {
      const done = await remove.mutateAsync({ slug: category.slug, moveTo: target?.slug });
      toast.success(CATEGORY_DELETED, {
        description:
          target && done.movedParts
            ? `${category.name}: ${partsText(done.movedParts)} moved to ${target.name}.`
            : category.name,
      });
      onDeleted();
    } catch (error) {
      const parts = partsIn(error);
      setProblem(
        parts
          ? `${partsText(parts)} ${parts === 1 ? 'is' : 'are'} in "${category.name}": choose the category to move ${parts === 1 ? 'it' : 'them'} to.`
          : errorText(error),
      );
      select.current?.focus();
    }
  };

  return (
    <form
      id={id}
      noValidate
      aria-label={`Delete ${category.name}`}
      className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4"
      onSubmit={(event) => void submit(event)}
    >
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-slate-900">
          Move its parts to
        </label>
        <select
          ref={select}
          id={selectId}
          value={moveTo}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(!!problem && `${selectId}-error`, `${selectId}-hint`)}
          className={`select select-sm w-full border bg-white ${fieldBorder(!!problem)}`}
          onChange={(event) => setMoveTo(event.target.value)}
        >
          <option value="">Nowhere (a category without parts)</option>
          {others.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
        {problem && (
          <p id={`${selectId}-error`} role="alert" className={FIELD_ERROR}>
            {problem}
          </p>
        )}
        <p id={`${selectId}-hint`} className={FIELD_HINT}>
          The parts keep the values the other category has attributes for; the others are dropped.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn btn-error btn-sm"
          aria-disabled={remove.isPending || undefined}
        >
          {remove.isPending && <span aria-hidden="true" className="spinner size-4" />}
          Delete category
          <span className="sr-only">: {category.name}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CategoryCard({
  category,
  others,
  editButton,
  onEdit,
  onDeleted,
}: {
  category: Category;
  others: readonly Category[];
  editButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const deleteId = `${id}-delete`;
  const deleteButton = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const closeDelete = () => {
    setDeleting(false);
    deleteButton.current?.focus();
  };
  return (
    <article
      aria-labelledby={id}
      className="flex h-full flex-col gap-3 rounded-box bg-white p-5 shadow-sm ring-1 ring-slate-900/5"
    >
      <div>
        <h3 id={id} className="text-lg font-bold break-words text-slate-900">
          {category.name}
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Short name <code className={CODE}>{category.slug}</code>
        </p>
      </div>
      {category.attributes.length === 0 ? (
        <p className="text-slate-700">No attributes.</p>
      ) : (
        <ul aria-label={`Attributes of ${category.name}`} className="divide-y divide-slate-200">
          {category.attributes.map((def) => (
            <li key={def.key} className="flex flex-col gap-1 py-2">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-slate-900">{def.label}</span>
                <code className={CODE}>{def.key}</code>
              </p>
              <p className="text-sm break-words text-slate-700">{typeText(def)}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <button
          ref={editButton}
          type="button"
          className="btn btn-sm border-slate-400 bg-white text-slate-900 hover:border-slate-900"
          onClick={onEdit}
        >
          Edit
          <span className="sr-only">: {category.name}</span>
        </button>
        <button
          ref={deleteButton}
          type="button"
          className="btn btn-sm btn-outline btn-error"
          aria-expanded={deleting}
          aria-controls={deleting ? deleteId : undefined}
          onClick={() => (deleting ? closeDelete() : setDeleting(true))}
        >
          Delete
          <span className="sr-only">: {category.name}</span>
        </button>
      </div>
      {deleting && (
        <DeleteCategory
          id={deleteId}
          category={category}
          others={others}
          onClose={closeDelete}
          onDeleted={onDeleted}
        />
      )}
    </article>
  );
}

/** A category of the list: its card, or its editor (two columns wide) in its place. */
function CategoryItem({
  category,
  categories,
  onDeleted,
}: {
  category: Category;
  categories: readonly Category[];
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const backToCard = useRef(false);
  // Closed, the editor hands the focus back to the card's Edit button.
  useEffect(() => {
    if (editing || !backToCard.current) return;
    backToCard.current = false;
    editButton.current?.focus();
  }, [editing]);
  return (
    <li className={editing ? 'lg:col-span-2' : undefined}>
      {editing ? (
        <CategoryForm
          category={category}
          onDone={() => {
            backToCard.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <CategoryCard
          category={category}
          others={categories.filter((c) => c.slug !== category.slug)}
          editButton={editButton}
          onEdit={() => setEditing(true)}
          onDeleted={onDeleted}
        />
      )}
    </li>
  );
}

/** The categories with their attributes, in the shop's order (the newest last). */
function CategoryList() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const categories = useCategories();
  const { data } = categories;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2
        ref={heading}
        id={headingId}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        Categories in the shop{data ? `: ${data.length}` : ''}
      </h2>
      {categories.isPending ? (
        <Spinner label="Loading the categories" className="py-10" />
      ) : !data ? (
        <LoadFailed what="the categories" query={categories} />
      ) : data.length === 0 ? (
        <p className="text-slate-700">No categories yet: add the first above.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {data.map((category) => (
            <CategoryItem
              key={category.slug}
              category={category}
              categories={data}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /dashboard/categories (admins): add a category with its typed attributes, and every category
 * the shop has, each to rename, change or delete (issue 48; its parts moved to another first).
 * A category added here can be chosen in Add Product at once (issue 27). Below them, the
 * search's words of the trade (issue 46).
 */
export function CategoriesPage() {
  useEffect(() => {
    document.title = 'Categories | Partsmith';
  }, []);

  return (
    <DashboardPage
      eyebrow="Catalogue"
      title="Categories"
      intro="Each category declares the attributes its parts have: Add Product asks for them, a part's page lists them and the search filters by them."
    >
      <CategoryForm />
      <CategoryList />
      <SearchSynonyms />
    </DashboardPage>
  );
}
