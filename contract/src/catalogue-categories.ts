import * as z from './zod-subset.ts';
import { ApiError } from './common.ts';
import { CATEGORY_SLUG, CategorySlug } from './part-fields.ts';

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
