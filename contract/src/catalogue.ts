import * as z from './zod-subset.ts';
import { Id } from './common.ts';
import { ATTRIBUTE_TYPES, SpecificationRow } from './catalogue-categories.ts';
import { CategorySlug, Part } from './parts.ts';

// The categories, their attributes and the attributes' values are in catalogue-categories.ts;
// they are exported from here too, where their importers take them.
export * from './catalogue-categories.ts';

/**
 * A part as the catalogue's pages show it: with its category and attributes, and, from its
 * category, the category's name and the attribute table (so that a part's page needs no other
 * answer).
 */
export const CataloguePart = Part.extend({
  /** Empty for a part not yet filed under a category (or from a server before categories). */
  category: z.string().nullable().default(null),
  categoryName: z.string().nullable().default(null),
  attributes: z.looseObject({}).default({}),
  specification: z.array(SpecificationRow).default([]),
});
export type CataloguePart = z.infer<typeof CataloguePart>;

/**
 * GET /api/part/:id: the part as the catalogue shows it; for a signed-in member of a company whose
 * price list is in force and prices the part (issue 49), also `yourPrice` (dollars: their unit
 * price for the part's minimum order quantity) and `yourPriceList` (the list's name). Nobody else
 * gets these fields.
 */
export const PartAnswer = CataloguePart.extend({
  yourPrice: z.number().optional(),
  yourPriceList: z.string().optional(),
});
export type PartAnswer = z.infer<typeof PartAnswer>;

/**
 * A part as its editor sees it (GET and PUT /api/parts/:id, admins): as the catalogue shows it,
 * with whether it is listed and its shipping weight.
 */
export const AdminPart = CataloguePart.extend({
  /** false: left out of the catalogue's list, search and suggestions; its page stays. */
  listed: z.boolean(),
  weightGrams: z.number().int().nonnegative(),
});
export type AdminPart = z.infer<typeof AdminPart>;

/**
 * `newest`: the parts added last first; `best-selling`: the most sold first (quantity in paid,
 * not refunded orders of the last 90 days, then of all time; the parts never sold after them).
 */
export const SEARCH_SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'newest',
  'best-selling',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_DEFAULT = 24;
export const SEARCH_PAGE_MAX = 60;
/** At most this many `f.<key>` values in one search. */
export const SEARCH_FILTERS_MAX = 20;

const dollars = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too high`)
    .optional();

/**
 * GET /api/parts/search. Attribute filters come as `f.<key>=<value>` (repeat a key for any of
 * several values); they are read from the query string beside these fields.
 */
export const SearchQuery = z.looseObject({
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  category: CategorySlug.optional(),
  minPrice: dollars('The lowest price'),
  maxPrice: dollars('The highest price'),
  inStock: z.enum(['true', 'false', '1', '0']).optional(),
  /** Only the parts with volume prices (price breaks). */
  volume: z.enum(['true', 'false', '1', '0']).optional(),
  sort: z.enum(SEARCH_SORTS).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_DEFAULT),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not a valid cursor')
    .optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const FacetValue = z.object({
  value: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
});

/** The counts beside a search: by category, and by each attribute of the chosen category. */
export const SearchFacets = z.object({
  categories: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      count: z.number().int(),
      selected: z.boolean(),
    }),
  ),
  attributes: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(ATTRIBUTE_TYPES),
      unit: z.string().optional(),
      values: z.array(FacetValue),
    }),
  ),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

export const SearchAnswer = z.object({
  items: z.array(CataloguePart),
  facets: SearchFacets,
  total: z.number().int(),
  nextCursor: z.string().nullable(),
  /** The words searched for when some were misspelt ("vengance" searched as "vengeance"). */
  searchedFor: z.string().optional(),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;

/** At most this many suggestions answer what is typed in the header's search box. */
export const SUGGESTIONS_MAX = 8;

/** GET /api/parts/suggest?q=: what is typed so far, 1 to 100 characters once trimmed. */
export const PartSuggestQuery = z.object({
  q: z
    .string({ message: 'Type what to search for' })
    .trim()
    .min(1, 'Type what to search for')
    .max(100, 'Search text is too long'),
});
export type PartSuggestQuery = z.input<typeof PartSuggestQuery>;

/** A listed part as the search box suggests it: its name, part number and category's slug. */
export const PartSuggestion = z.object({
  _id: Id,
  name: z.string(),
  sku: z.string(),
  category: z.string().nullable(),
});
export type PartSuggestion = z.infer<typeof PartSuggestion>;

/**
 * The suggestions, best first: the part whose number is exactly the text, the parts whose
 * numbers start with it, then the parts whose names have a word starting with it, then the
 * parts whose names hold it anywhere.
 */
export const PartSuggestions = z.object({
  items: z.array(PartSuggestion).max(SUGGESTIONS_MAX),
});
export type PartSuggestions = z.infer<typeof PartSuggestions>;

/**
 * A trade word of the search (issue 46): a query word equal to `term` also finds the parts that
 * say `expansion` ("psu" finds "power supply"). Letters a to z and digits; words in the term may
 * be joined by dashes or spaces ("mini-itx": the query's words "mini itx" in a row).
 */
export const SynonymTerm = z
  .string({ message: 'Write the word searched for' })
  .trim()
  .toLowerCase()
  .min(1, 'Write the word searched for')
  .max(40, 'A search word has at most 40 characters')
  .regex(
    /^[a-z0-9]+(?:[ -][a-z0-9]+)*$/,
    'A search word is letters a to z and digits, its words joined by a dash or a space',
  );

/** The parts a trade word also finds: every word of it in a part's text ("power supply"). */
export const SynonymExpansion = z
  .string({ message: 'Write what the word means' })
  .trim()
  .min(1, 'Write what the word means')
  .max(100, 'What the word means has at most 100 characters')
  .regex(/[A-Za-z0-9]/, 'What the word means needs letters or digits');

export const SearchSynonym = z.object({ term: z.string(), expansion: z.string() });
export type SearchSynonym = z.infer<typeof SearchSynonym>;
/** GET /api/search-synonyms: every trade word, by term. */
export const SearchSynonymList = z.array(SearchSynonym);
export type SearchSynonymList = z.infer<typeof SearchSynonymList>;

/** PUT and DELETE /api/search-synonyms/:term. */
export const SearchSynonymParams = z.object({ term: SynonymTerm });
/** PUT /api/search-synonyms/:term: what the word also finds (a new word, or a change). */
export const SearchSynonymBody = z.object({ expansion: SynonymExpansion });
export type SearchSynonymBody = z.input<typeof SearchSynonymBody>;
