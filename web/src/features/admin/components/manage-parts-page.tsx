import {
  ADMIN_LIST_DEFAULT,
  ADMIN_PART_SORTS,
  AdminPartsQuery,
} from '@partsmith/contract/admin-lists';
import { useRef } from 'react';
import { href, Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FilterSelect } from '../../../components/ui/list-controls.tsx';
import { useCategories } from '../../../lib/get-categories.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useAdminParts } from '../api/get-admin-parts.ts';
import { AdminListPage } from './admin-list.tsx';
import { PART_COLUMNS, PartRow } from './admin-part-card.tsx';
import { BulkPartActions } from './bulk-part-actions.tsx';
import { CatalogueCsv } from './catalogue-csv.tsx';
import { EmptyList } from './list-states.tsx';
import { useSelection } from './use-selection.ts';

type PartSort = (typeof ADMIN_PART_SORTS)[number];

const FILTERS = ['q', 'category', 'stock', 'listed'] as const;

const SORTS: readonly { value: PartSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name, A to Z' },
  { value: 'price-asc', label: 'Price, lowest first' },
  { value: 'price-desc', label: 'Price, highest first' },
  { value: 'stock-asc', label: 'Stock, lowest first' },
];

const STOCK = [
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
];

const LISTED = [
  { value: 'true', label: 'Listed' },
  { value: 'false', label: 'Unlisted' },
];

/**
 * /dashboard/manage-products: 'Manage All Parts : {count}' (every part, listed or not) and a table
 * of them, a page at a time from the server, found by name, part number or description and
 * filtered by category, stock and whether they are listed, in the chosen order (all of it in the
 * address). Each row has 'Edit part' and 'Delete Tools'; selected rows can have their price
 * changed by a percentage, their stock set, or be listed or unlisted together. The header also
 * exports the catalogue as CSV and imports parts from a CSV file.
 */
export function ManagePartsPage() {
  const list = useListParams({
    schema: AdminPartsQuery,
    filters: FILTERS,
    sorts: ADMIN_PART_SORTS,
    defaultLimit: ADMIN_LIST_DEFAULT,
  });
  const { page, total } = useAdminParts(list);
  const categories = useCategories();
  const heading = useRef<HTMLHeadingElement>(null);
  const selection = useSelection(JSON.stringify(list.request));
  const items = page.data?.items ?? [];
  const pageIds = items.map((part) => part._id);
  const selected = pageIds.filter((id) => selection.has(id));

  const categoryChoices = (categories.data ?? []).map((category) => ({
    value: category.slug,
    label: category.name,
  }));
  // An address's category the list of categories does not (yet) hold stays shown as chosen.
  const { category } = list.values;
  if (category && !categoryChoices.some((choice) => choice.value === category)) {
    categoryChoices.push({ value: category, label: category });
  }

  return (
    <AdminListPage
      pageName="Manage Products"
      eyebrow="Catalogue"
      title={(count) => (count === undefined ? 'Manage All Parts' : `Manage All Parts : ${count}`)}
      headingRef={heading}
      actions={
        <>
          <Link to={href('/dashboard/add-product')} className="btn btn-primary btn-sm">
            Add Product
          </Link>
          <CatalogueCsv />
        </>
      }
      list={list}
      query={page}
      total={total}
      noun={['part', 'parts']}
      search={{ label: 'Search the parts', placeholder: 'Name, part number or description' }}
      filters={
        <>
          <FilterSelect
            label="Category"
            all="All categories"
            value={category}
            choices={categoryChoices}
            onChange={(value) => list.setFilters({ category: value })}
          />
          <FilterSelect
            label="Stock"
            all="Any stock"
            value={list.values.stock}
            choices={STOCK}
            onChange={(value) => list.setFilters({ stock: value })}
          />
          <FilterSelect
            label="Listed"
            all="Listed or not"
            value={list.values.listed}
            choices={LISTED}
            onChange={(value) => list.setFilters({ listed: value })}
          />
        </>
      }
      sorts={SORTS}
      noMatch="Try a part's name, its part number or words of its description."
      empty={
        <EmptyList title="The catalogue is empty.">
          Add a product and it shows up here and on the home page.
        </EmptyList>
      }
      above={
        <BulkPartActions
          pageIds={pageIds}
          selected={selected}
          onSelectAll={(all) => (all ? selection.setAll(pageIds) : selection.clear())}
          onDone={selection.clear}
        />
      }
    >
      {(parts, caption) => (
        <DataTable
          wide="container"
          headPadding="px-3 py-3"
          caption={caption}
          columns={PART_COLUMNS}
        >
          {parts.map((part) => (
            <PartRow
              key={part._id}
              part={part}
              selected={selection.has(part._id)}
              onSelect={(on) => selection.toggle(part._id, on)}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </DataTable>
      )}
    </AdminListPage>
  );
}
