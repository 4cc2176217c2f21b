import { sql, type SQL } from 'drizzle-orm';
import {
  toCents,
  type AttributeDef,
  type CataloguePart,
  type Category,
  type SearchAnswer,
  type SearchSort,
} from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { PartRow } from '../../db/schema/parts.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { listCategories } from './categories.ts';
import { toCataloguePart } from './repository.ts';
import {
  decodeCursor,
  encodeCursor,
  searchWords,
  skuOf,
  storedValue,
  wordGroups,
  type SearchInput,
} from './search-input.ts';

/** The rank of the part whose number is the search's text: above any text's (ts_rank's are < 1). */
const SKU_RANK = 1000;

/** A facet's values in the order a person reads them: an enum's own order, numbers ascending. */
function facetOrder(def: AttributeDef) {
  return (a: string, b: string) => {
    if (def.type === 'number') return Number(a) - Number(b);
    if (def.type === 'enum') {
      const options = def.options ?? [];
      return options.indexOf(a) - options.indexOf(b) || a.localeCompare(b);
    }
    return a.localeCompare(b);
  };
}

interface ItemRow extends Omit<PartRow, 'createdAt' | 'updatedAt' | 'deletedAt' | 'search'> {
  sortValue: number;
}

const joinAnd = (parts: SQL[]) => sql.join(parts, sql` and `);

/**
 * GET /api/parts/search: full text over name, category and attribute values and description
 * (ranked, weights A, B, C), each misspelt word corrected to the nearest word of the catalogue
 * (pg_trgm), filters by category, attributes, price and stock, disjunctive facet counts (each
 * attribute's counts leave out that attribute's own filter), sorted in keyset pages. The items,
 * the total and the counts come from one statement: one snapshot, so they always agree.
 */
export async function searchParts(db: DbOrTx, input: SearchInput): Promise<SearchAnswer> {
  const search = searchStatement(await listCategories(db), input);
  const result = await db.execute(search.statement);
  return search.answer((result as unknown as { rows: Record<string, unknown>[] }).rows[0]!);
}

/**
 * The search's one statement for these categories and this input (checked: a 400 for what it
 * cannot answer), and how its one row becomes the answer. Apart from running it, so that the
 * bench can send the very same SQL through a bare client.
 */
export function searchStatement(
  all: Category[],
  input: SearchInput,
): { statement: SQL; answer: (row: Record<string, unknown>) => SearchAnswer } {
  const category = input.category ? all.find((c) => c.slug === input.category) : undefined;
  if (input.category && !category) throw new HttpError(400, 'This category does not exist.');
  const defs = new Map<string, AttributeDef>();
  // Without a category, an attribute is known by the first category declaring its key.
  for (const c of category ? [category] : all)
    for (const def of c.attributes) if (!defs.has(def.key)) defs.set(def.key, def);
  for (const key of input.filters.keys())
    if (!defs.has(key))
      throw new HttpError(
        400,
        category
          ? `"${key}" is not an attribute of ${category.name}`
          : `"${key}" is not an attribute of any category`,
      );
  if (
    input.minPrice !== undefined &&
    input.maxPrice !== undefined &&
    input.minPrice > input.maxPrice
  )
    throw new HttpError(400, 'The lowest price is above the highest');

  const words = searchWords(input.q);
  const text = words.length > 0;
  const groups = wordGroups(words, input.synonyms);
  // A part number typed whole finds its part first, whether or not its words match.
  const sku = text ? skuOf(input.q) : null;
  const sort: SearchSort = input.sort ?? 'relevance';
  const cursor = input.cursor ? decodeCursor(input.cursor, sort) : undefined;

  // Filters shared by every part of the statement (not category, not attributes).
  const base: SQL[] = [sql`p.deleted_at is null and p.listed`];
  if (text)
    base.push(
      sku
        ? sql`(p.search @@ (select q from tsq) or upper(p.sku) = ${sku})`
        : sql`p.search @@ (select q from tsq)`,
    );
  if (input.minPrice !== undefined) base.push(sql`p.price_cents >= ${toCents(input.minPrice)}`);
  if (input.maxPrice !== undefined) base.push(sql`p.price_cents <= ${toCents(input.maxPrice)}`);
  if (input.inStock === 'true' || input.inStock === '1')
    base.push(sql`p.available_quantity > 0 and p.available_quantity >= p.min_order_quantity`);
  // On volume price: a part with at least one price break (the catalogue's "Specials").
  if (input.volume === 'true' || input.volume === '1')
    base.push(sql`p.price_breaks <> '[]'::jsonb`);
  const inCategory = category ? [sql`p.category = ${category.slug}`] : [];
  // Each filtered attribute's values as stored (JSON), and the filter on a part's attributes.
  const stored = new Map(
    [...input.filters].map(([key, values]) => [
      key,
      values.map((v) => storedValue(defs.get(key), v)),
    ]),
  );
  const attributeFilter = new Map<string, SQL>();
  for (const [key, values] of stored) {
    const each = values.map((v) => sql`p.attributes @> ${JSON.stringify({ [key]: v })}::jsonb`);
    attributeFilter.set(key, sql`(${sql.join(each, sql` or `)})`);
  }

  // With text, the parts that match it (and the price and stock filters) are found once, their
  // rank with them, and every part of the statement reads that set: one pass over the text index
  // and the matching rows instead of one per count. Without text, each part reads `parts` by its
  // own index (by category, or the catalogue's order).
  const from = text ? sql`hits p` : sql`parts p`;
  const baseWhere = text ? sql`true` : joinAnd(base);
  const rank = sql`p.rank`;
  // Best selling: each part's place in the sales ranking (from 1), a part not in it after them
  // all (the cursor's largest value: the same whatever the ranking's length when the next page
  // is asked), those in the catalogue's order.
  const bestSelling = sort === 'best-selling';
  const salesRank = sql`coalesce(s.rank, 2147483647)`;
  const sortValue =
    sort === 'relevance' && text
      ? rank
      : sort === 'price-asc' || sort === 'price-desc'
        ? sql`p.price_cents`
        : bestSelling
          ? salesRank
          : sql`p.seq`;
  const order =
    sort === 'relevance' && text
      ? sql`${rank} desc, p.seq`
      : sort === 'price-asc'
        ? sql`p.price_cents, p.seq`
        : sort === 'price-desc'
          ? sql`p.price_cents desc, p.seq`
          : sort === 'newest'
            ? sql`p.seq desc`
            : bestSelling
              ? sql`${salesRank}, p.seq`
              : sql`p.seq`;
  let after = sql`true`;
  if (cursor) {
    const [, value, seq] = cursor;
    after =
      sort === 'relevance' && text
        ? sql`(${rank} < ${value}::real or (${rank} = ${value}::real and p.seq > ${seq}))`
        : sort === 'price-asc'
          ? sql`(p.price_cents, p.seq) > (${value}, ${seq})`
          : sort === 'price-desc'
            ? sql`(p.price_cents < ${value} or (p.price_cents = ${value} and p.seq > ${seq}))`
            : sort === 'newest'
              ? sql`p.seq < ${seq}`
              : bestSelling
                ? sql`(${salesRank}, p.seq) > (${value}, ${seq})`
                : sql`p.seq > ${seq}`;
  }
  // The ranking comes as the ids in order (a parameter): the statement reads no orders.
  const itemsFrom = bestSelling
    ? sql`${from} left join unnest(${sql.param(input.bestSellers ?? [])}::uuid[])
        with ordinality as s(id, rank) on s.id = p.id`
    : from;
  const chosen = joinAnd([baseWhere, ...inCategory, ...attributeFilter.values()]);

  // Each attribute's counts apply every filter but its own (a second DDR type stays choosable).
  // The parts of the category are grouped once by their attributes (`combos`: a few rows, one per
  // combination of values, each value in a column of its own); each attribute's counts and the
  // total are sums over those rows, so the matching parts are read once instead of once per
  // attribute, and each part's attributes are hashed whole instead of picked apart.
  const facetKeys = category ? category.attributes.map((a) => a.key) : [];
  const column = new Map(facetKeys.map((key, i) => [key, sql.raw(`a${i}`)]));
  const comboFilter = new Map<string, SQL>();
  for (const [key, values] of stored)
    comboFilter.set(
      key,
      sql`${column.get(key)} in (${sql.join(
        values.map((v) => sql`${JSON.stringify(v)}::jsonb`),
        sql`, `,
      )})`,
    );
  const combos = sql`
    combos as materialized (
      select ${sql.join(
        facetKeys.map((key) => sql`g.attributes -> ${key} as ${column.get(key)}`),
        sql`, `,
      )}, g.n
      from (select p.attributes, count(*) as n from ${from}
        where ${joinAnd([baseWhere, ...inCategory])} group by p.attributes) g
    )`;
  const facetCount = (key: string) => sql`
    select ${key}::text as key, ${column.get(key)} #>> '{}' as value, sum(n) as n
    from combos
    where ${joinAnd([
      sql`${column.get(key)} is not null`,
      ...[...comboFilter].filter(([other]) => other !== key).map(([, filter]) => filter),
    ])}
    group by ${column.get(key)}`;
  const facetCounts =
    facetKeys.length > 0
      ? sql.join(facetKeys.map(facetCount), sql` union all `)
      : sql`select null::text as key, null::text as value, 0 as n where false`;
  const total =
    facetKeys.length > 0
      ? sql`(select coalesce(sum(n), 0) from combos where ${joinAnd([sql`true`, ...comboFilter.values()])})`
      : sql`(select count(*) from ${from} where ${chosen})`;

  // The words as searched, the first that holds of: a synonym's term (as typed); a word of the
  // catalogue (matched as that word); the start of one (matched as a prefix); the nearest word of
  // the catalogue by trigram similarity (a misspelling); else as typed (finding nothing). A
  // group of words, a synonym's term, also matches any of its expansions.
  const expansions = sql`${sql.param(groups.expansions)}::text[]`;
  const textSearch = [
    sql`
    words as (
      select w.n, w.grp, c.word, c.prefix
      from unnest(${sql.param(words)}::text[], ${sql.param(groups.group)}::int[])
        with ordinality as w(input, grp, n)
      cross join lateral (
        (select w.input as word, false as prefix where (${expansions})[w.grp] <> '')
        union all
        (select w.input, false from search_words s where s.word = w.input)
        union all
        (select w.input, true where length(w.input) < 3
          or exists (select 1 from search_words s where s.word like w.input || '%'))
        union all
        (select s.word, false from search_words s where s.word % w.input
          order by s.word <-> w.input, s.word limit 1)
        union all
        (select w.input, false)
        limit 1) c
    )`,
    sql`
    tsq as (
      select to_tsquery('english', string_agg(g.clause, ' & ' order by g.grp)) as q,
        string_agg(g.searched, ' ' order by g.grp) as searched
      from (select w.grp,
          '(' || string_agg(case when w.prefix then w.word || ':*' else w.word end, ' & '
            order by w.n) || coalesce(' | ' || nullif((${expansions})[w.grp], ''), '') || ')'
            as clause,
          string_agg(w.word, ' ' order by w.n) as searched
        from words w group by w.grp) g
    )`,
    sql`
    hits as materialized (
      select p.id, p.seq, p.price_cents, p.category, p.attributes,
        ${
          sku
            ? sql`case when upper(p.sku) = ${sku} then ${SKU_RANK}::real
                else ts_rank(p.search, (select q from tsq)) end`
            : sql`ts_rank(p.search, (select q from tsq))`
        } as rank
      from parts p where ${joinAnd(base)}
    )`,
  ];
  const skuHit = sku
    ? sql`exists (select 1 from parts s where upper(s.sku) = ${sku} and s.deleted_at is null and s.listed)`
    : sql`false`;
  const ctes = [...(text ? textSearch : []), ...(facetKeys.length > 0 ? [combos] : [])];
  const statement = sql`
    ${ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)}` : sql``}
    select
      ${text ? sql`(select searched from tsq)` : sql`null`} as searched,
      ${skuHit} as "skuHit",
      (select coalesce(json_agg(i order by i.n), '[]'::json) from (
        select x.n, q.id, q.seq, q.sku, q.name, q.description, q.image, q.price_cents as "priceCents",
          q.available_quantity as "availableQuantity",
          q.min_order_quantity as "minOrderQuantity", q.price_breaks as "priceBreaks",
          q.low_stock_threshold as "lowStockThreshold", q.lead_time_days as "leadTimeDays",
          q.low_stock_alerted_at as "lowStockAlertedAt", q.category, q.attributes,
          x.sort_value as "sortValue"
        from (select row_number() over (order by ${order}) as n, p.id,
            ${sortValue} as sort_value
          from ${itemsFrom}
          where ${chosen} and ${after}
          order by ${order}
          limit ${input.limit + 1}) x
        join parts q on q.id = x.id) i) as items,
      ${total} as total,
      (select coalesce(json_agg(json_build_object('slug', c.category, 'count', c.n)), '[]'::json)
        from (select p.category, count(*) as n from ${from} where ${baseWhere}
          and p.category is not null group by p.category) c) as categories,
      (select coalesce(json_agg(json_build_object('key', f.key, 'value', f.value, 'count', f.n)),
          '[]'::json)
        from (${facetCounts}) f) as attributes
  `;
  return { statement, answer: (row) => searchAnswer(row) };

  function searchAnswer(row: Record<string, unknown>): SearchAnswer {
    const json = <T>(value: unknown): T =>
      (typeof value === 'string' ? JSON.parse(value) : value) as T;

    const itemRows = json<ItemRow[]>(row.items);
    const hasMore = itemRows.length > input.limit;
    const page = hasMore ? itemRows.slice(0, input.limit) : itemRows;
    const last = page[page.length - 1];
    const items: CataloguePart[] = page.map((r) =>
      toCataloguePart(
        {
          ...r,
          lowStockAlertedAt: null,
          createdAt: new Date(0),
          updatedAt: new Date(0),
          deletedAt: null,
        },
        all.find((c) => c.slug === r.category),
      ),
    );

    const categoryCounts = new Map(
      json<{ slug: string; count: number }[]>(row.categories).map((c) => [c.slug, Number(c.count)]),
    );
    const attributeCounts = json<{ key: string; value: string; count: number }[]>(row.attributes);
    const searched = typeof row.searched === 'string' ? row.searched : '';

    return {
      items,
      total: Number(row.total),
      nextCursor:
        hasMore && last ? encodeCursor([sort, Number(last.sortValue), Number(last.seq)]) : null,
      // A part number found is what was searched for, whatever its words were corrected to.
      ...(text && searched !== words.join(' ') && row.skuHit !== true
        ? { searchedFor: searched }
        : {}),
      facets: {
        categories: all
          .map((c) => ({
            slug: c.slug,
            name: c.name,
            count: categoryCounts.get(c.slug) ?? 0,
            selected: c.slug === category?.slug,
          }))
          .filter((c) => c.count > 0 || c.selected),
        attributes: (category?.attributes ?? []).map((def) => {
          const chosen = input.filters.get(def.key) ?? [];
          const counts = new Map<string, number>();
          for (const c of attributeCounts)
            if (c.key === def.key) counts.set(c.value, Number(c.count));
          // A chosen value stays listed (to be unticked) even when nothing matches it any more.
          for (const v of chosen) if (!counts.has(v)) counts.set(v, 0);
          return {
            key: def.key,
            label: def.label,
            type: def.type,
            ...(def.unit ? { unit: def.unit } : {}),
            values: [...counts.keys()].sort(facetOrder(def)).map((value) => ({
              value,
              count: counts.get(value)!,
              selected: chosen.includes(value),
            })),
          };
        }),
      },
    };
  }
}
