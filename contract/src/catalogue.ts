import * as z from './zod-subset.ts';
import { ApiError, Id } from './common.ts';
import { CATEGORY_SLUG, CategorySlug, Part } from './parts.ts';

/**
 * The catalogue by specification (issue 27): categories are data (the database's `categories`
 * table, which an admin can add to), each declaring its typed attributes. One schema per
 * category, built from that data by `attributesSchema`, checks a part's attributes in the
 * admin's form and again on the server.
 */

export const ATTRIBUTE_TYPES = ['enum', 'number', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** An attribute's key: a short camelCase word (it is also the `f.<key>` of the search). */
export const AttributeKey = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]{0,39}$/, 'An attribute key is a short camelCase word');

/** One typed attribute of a category: a choice among `options`, a number (in `unit`), or yes/no. */
export const AttributeDef = z.object({
  key: AttributeKey,
  label: z
    .string()
    .trim()
    .min(1, 'An attribute needs a label')
    .max(60, 'A label has at most 60 characters'),
  type: z.enum(ATTRIBUTE_TYPES),
  /** Shown after a number: GB, MT/s, W. */
  unit: z.string().trim().max(12, 'A unit has at most 12 characters').optional(),
  /** The choices of an `enum` attribute. */
  options: z
    .array(z.string().trim().min(1).max(60, 'A choice has at most 60 characters'))
    .max(50, 'At most 50 choices')
    .optional(),
  /** A number attribute that takes whole numbers only. */
  integer: z.boolean().optional(),
});
export type AttributeDef = z.infer<typeof AttributeDef>;

export const Category = z.object({
  slug: CategorySlug,
  name: z.string(),
  attributes: z.array(AttributeDef),
});
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);

/**
 * A new category's short name (its `category=` in the search's links): CategorySlug's rule, with
 * messages that tell the admin who types it what to change.
 */
export const NewCategorySlug = z
  .string({ message: 'Short name is Required' })
  .min(1, 'Short name is Required')
  .max(60, 'A short name has at most 60 characters')
  .regex(
    CATEGORY_SLUG,
    'A short name is lowercase letters and digits, its words joined by hyphens (case-fans)',
  );

/** At most this many attributes in a category (the admin's form stops offering more). */
export const CATEGORY_ATTRIBUTES_MAX = 20;

const CategoryName = z
  .string({ message: 'Category name is Required' })
  .trim()
  .min(1, 'Category name is Required')
  .max(60, 'A category name has at most 60 characters');

const CategoryAttributes = z
  .array(AttributeDef)
  .max(CATEGORY_ATTRIBUTES_MAX, `At most ${CATEGORY_ATTRIBUTES_MAX} attributes`);

/** A key declared twice, a choice from a list without its choices: under `attributes.<i>`. */
function attributeListIssues(attributes: readonly AttributeDef[]) {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  attributes.forEach((a, i) => {
    if (seen.has(a.key))
      issues.push({
        path: ['attributes', i, 'key'],
        message: `Attribute "${a.key}" is declared twice`,
      });
    seen.add(a.key);
    if (a.type === 'enum' && !a.options?.length)
      issues.push({
        path: ['attributes', i, 'options'],
        message: a.label
          ? `Attribute "${a.label}" needs its choices`
          : 'A choice from a list needs its choices',
      });
  });
  return issues;
}

/** POST /api/categories: an admin adds a category and declares its attributes. */
export const AddCategoryBody = z
  .object({
    slug: NewCategorySlug,
    name: CategoryName,
    attributes: CategoryAttributes,
  })
  .superRefine((c, ctx) => {
    for (const issue of attributeListIssues(c.attributes))
      ctx.addIssue({ code: 'custom', input: c, ...issue });
  });
export type AddCategoryBody = z.input<typeof AddCategoryBody>;

/** PUT and DELETE /api/categories/:slug. */
export const CategoryParams = z.object({ slug: CategorySlug });

/**
 * What PUT /api/categories/:slug does with the values parts hold for an attribute that the new
 * list removes or no longer accepts (another type, a choice taken out, whole numbers only).
 * "drop": those values are taken off the parts. Without it such a change is refused (409) while
 * parts hold such values.
 */
export const REMOVED_VALUES_ACTIONS = ['drop'] as const;

/**
 * PUT /api/categories/:slug (issue 48): a new name and/or the whole new list of attributes, in
 * their order. The short name stays (it is in the search's links and on every part). An
 * attribute is known by its key: a new key adds one (always allowed; the parts have no value
 * for it until edited), a key left out removes one, the same key with another type, fewer
 * choices or whole numbers only changes one. The values parts hold are kept where they still
 * fit, as they are (nothing is converted); those that do not need `onRemovedValues: "drop"`.
 */
export const EditCategoryBody = z
  .object({
    name: CategoryName.optional(),
    attributes: CategoryAttributes.optional(),
    onRemovedValues: z
      .enum(REMOVED_VALUES_ACTIONS, { message: 'onRemovedValues is "drop" or left out' })
      .optional(),
  })
  .refine(
    (c) => c.name !== undefined || c.attributes !== undefined,
    'Change the name or the attributes',
  )
  .superRefine((c, ctx) => {
    for (const issue of attributeListIssues(c.attributes ?? []))
      ctx.addIssue({ code: 'custom', input: c, ...issue });
  });
export type EditCategoryBody = z.input<typeof EditCategoryBody>;

/** An attribute whose values some parts would lose: its key, label and how many parts. */
export const LostValues = z.object({
  key: z.string(),
  label: z.string(),
  /** Removed from the list, or kept with a type, choices or rule its values no longer fit. */
  change: z.enum(['removed', 'changed']),
  parts: z.number().int(),
});
export type LostValues = z.infer<typeof LostValues>;

/**
 * A 409 of PUT or DELETE /api/categories/:slug. `parts`: how many parts of the catalogue would
 * lose values (PUT, with `attributes`, one entry per attribute) or are in the category (DELETE
 * without `moveTo`). A name another category has is a 409 without them.
 */
export const CategoryConflict = ApiError.extend({
  parts: z.number().int().optional(),
  attributes: z.array(LostValues).optional(),
});
export type CategoryConflict = z.infer<typeof CategoryConflict>;

/**
 * DELETE /api/categories/:slug: an empty category goes at once; one with parts needs `moveTo`,
 * another category, its parts going there first. A moved part keeps the values the other
 * category declares and that fit it there; the others are dropped (the answer counts them),
 * and the values the other category declares that it lacks are asked for at its next edit.
 */
export const DeleteCategoryQuery = z.object({ moveTo: CategorySlug.optional() });
export type DeleteCategoryQuery = z.input<typeof DeleteCategoryQuery>;

export const CategoryDeleted = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
  /** How many parts of the catalogue went to `moveTo`. */
  movedParts: z.number().int(),
  /** How many of them lost values the other category does not declare or accept. */
  droppedValues: z.number().int(),
});
export type CategoryDeleted = z.infer<typeof CategoryDeleted>;

/** A value of an attribute as stored and sent: a choice, a number or yes/no. */
export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

const attributeSchema = (def: AttributeDef): z.ZodType<AttributeValue> => {
  const required = `${def.label} is Required`;
  if (def.type === 'boolean')
    // A form sends "true"/"false"; the API sends booleans.
    return z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ message: required }),
    );
  if (def.type === 'number') {
    let n = z.coerce
      .number({ message: required })
      .min(0, `${def.label} cannot be negative`)
      .max(1_000_000_000, `${def.label} is too high`);
    if (def.integer) n = n.int(`${def.label} must be a whole number`);
    return z.preprocess((v) => (v === '' ? undefined : v), n);
  }
  const options = def.options ?? [];
  return z
    .string({ message: required })
    .refine((v) => options.includes(v), `${def.label} must be one of ${options.join(', ')}`);
};

/**
 * Whether a value a part holds fits an attribute as declared, as it is: one the form's schema
 * would have to convert ("32" for a number) does not.
 */
export function attributeValueFits(def: AttributeDef, value: unknown): boolean {
  const parsed = attributeSchema(def).safeParse(value);
  return parsed.success && parsed.data === value;
}

/**
 * The schema of a category's attributes: every declared attribute present and of its type, and
 * no other key. The admin's form and the server both parse with it.
 */
export function attributesSchema(category: Pick<Category, 'attributes'>) {
  const shape: Record<string, z.ZodType<AttributeValue>> = {};
  for (const def of category.attributes) shape[def.key] = attributeSchema(def);
  return z
    .looseObject(shape)
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value))
        if (!(key in shape))
          ctx.addIssue({
            code: 'custom',
            input: value,
            path: [key],
            message: `"${key}" is not an attribute of this category`,
          });
    })
    .transform((value) => {
      const clean: Attributes = {};
      for (const key of Object.keys(shape)) clean[key] = value[key] as AttributeValue;
      return clean;
    });
}

/** An attribute's value as a person reads it: "6000 MT/s", "Yes". */
export function formatAttribute(def: AttributeDef | undefined, value: AttributeValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (def?.type === 'number' && def.unit) return `${value} ${def.unit}`;
  return String(value);
}

/** One row of a part's attribute table, as a person reads it: "Speed", "6000 MT/s". */
export const SpecificationRow = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type SpecificationRow = z.infer<typeof SpecificationRow>;

/** A part's attributes in its category's order, labelled and formatted. */
export function specificationOf(
  category: Pick<Category, 'attributes'>,
  attributes: Record<string, unknown>,
): SpecificationRow[] {
  return category.attributes
    .filter((def) => attributes[def.key] !== undefined && attributes[def.key] !== null)
    .map((def) => ({
      key: def.key,
      label: def.label,
      value: formatAttribute(def, attributes[def.key] as AttributeValue),
    }));
}

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
