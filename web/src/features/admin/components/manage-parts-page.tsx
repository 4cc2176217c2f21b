import { useRef } from 'react';
import { href, Link } from 'react-router';
import { useAdminParts } from '../api/get-admin-parts.ts';
import { flattenPages } from '../api/paging.ts';
import { AdminPartCard } from './admin-part-card.tsx';
import { CatalogueCsv } from './catalogue-csv.tsx';
import { EmptyList, ListPage } from './list-states.tsx';
import { LoadMore } from './load-more.tsx';

/**
 * /dashboard/manage-products: 'Manage All Parts : {count}' and a grid of cards
 * with image, name, price and stock, each with 'Edit part' and 'Delete Tools'. The
 * catalogue comes in keyset pages ('Load more'), so it stays quick with thousands of parts. The
 * header also exports the catalogue as CSV and imports parts from a CSV file.
 */
export function ManagePartsPage() {
  const parts = useAdminParts();
  const heading = useRef<HTMLHeadingElement>(null);
  const { items, total } = flattenPages(parts.data);

  return (
    <ListPage
      pageName="Manage Products"
      eyebrow="Catalogue"
      title={parts.data ? `Manage All Parts : ${total}` : 'Manage All Parts'}
      headingRef={heading}
      actions={
        <>
          <Link to={href('/dashboard/add-product')} className="btn btn-primary btn-sm">
            Add Product
          </Link>
          <CatalogueCsv />
        </>
      }
      query={parts}
      what="the parts"
      count={items.length}
      empty={
        <EmptyList title="The catalogue is empty.">
          Add a product and it shows up here and on the home page.
        </EmptyList>
      }
    >
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((part) => (
          <li key={part._id}>
            <AdminPartCard part={part} onDeleted={() => heading.current?.focus()} />
          </li>
        ))}
      </ul>
      <LoadMore shown={items.length} total={total} noun="parts" pages={parts} />
    </ListPage>
  );
}
