import type { AttributeDef, Category } from '@partsmith/contract';
import { useEffect, useId } from 'react';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCategories } from '../../../lib/get-categories.ts';
import { CategoryForm, TYPE_NAMES } from './category-form.tsx';
import { SearchSynonyms } from './search-synonyms.tsx';

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

function CategoryCard({ category }: { category: Category }) {
  const id = useId();
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
    </article>
  );
}

/** The categories with their attributes, in the shop's order (the newest last). */
function CategoryList() {
  const headingId = useId();
  const categories = useCategories();
  const { data } = categories;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
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
            <li key={category.slug}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /dashboard/categories (admins): add a category with its typed attributes, and every category
 * the shop has. A category added here can be chosen in Add Product at once (issue 27). Below
 * them, the search's words of the trade (issue 46).
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
