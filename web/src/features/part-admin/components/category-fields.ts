import {
  AddCategoryBody,
  ATTRIBUTE_TYPES,
  CategoryConflict,
  type AttributeType,
  type Category,
  type LostValues,
} from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';
import { ApiError } from '../../../lib/api-client.ts';

/** An attribute's type as the form's select names it. */
export const TYPE_NAMES: Record<AttributeType, string> = {
  enum: 'Choice from a list',
  number: 'Number',
  boolean: 'Yes or no',
};

/** The form's controls' values (CategoryFormSchema's input). */
export type CategoryFields = z.input<typeof CategoryFormSchema>;
/** One attribute as its controls hold it: the choices as one comma separated text. */
type AttributeRow = CategoryFields['attributes'][number];

export const NEW_ROW: AttributeRow = {
  label: '',
  key: '',
  type: 'enum',
  unit: '',
  integer: false,
  options: '',
};
export const EMPTY: CategoryFields = { name: '', slug: '', attributes: [NEW_ROW] };

/** Letters and digits only, accents dropped: "Größe (mm)" reads as ["grosse", "mm"]. */
const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The short name suggested for a category's name: "Case fans" is case-fans. */
export const slugOf = (name: string) => words(name).join('-').slice(0, 60).replace(/-+$/, '');

/** The key suggested for an attribute's label: "Fan size (mm)" is fanSizeMm, a camelCase word. */
export const keyOf = (label: string) =>
  // A key starts with a letter: "120 mm fans" is mmFans.
  words(label.replace(/^[^\p{L}]+/u, ''))
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('')
    .slice(0, 40);

/** The choices typed as "120 mm, 140 mm": each once, blanks dropped. */
const choicesOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((choice) => choice.trim())
      .filter(Boolean),
  ),
];

/**
 * The form's schema: its controls' values as the API takes them (a unit and "whole numbers" for
 * a number only, the choices for a choice only), then the contract's AddCategoryBody, the one
 * the server checks with: its messages land on the controls they name.
 */
export const CategoryFormSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    attributes: z.array(
      z.object({
        label: z.string(),
        key: z.string(),
        type: z.enum(ATTRIBUTE_TYPES),
        unit: z.string(),
        integer: z.boolean(),
        options: z.string(),
        /** An attribute the category has already: parts hold values under its key. */
        stored: z.boolean().optional(),
      }),
    ),
  })
  .transform(({ name, slug, attributes }) => ({
    name,
    slug: slug.trim(),
    attributes: attributes.map(({ label, key, type, unit, integer, options }) => ({
      key: key.trim(),
      label,
      type,
      ...(type === 'number' && unit.trim() ? { unit } : {}),
      ...(type === 'number' && integer ? { integer: true } : {}),
      ...(type === 'enum' ? { options: choicesOf(options) } : {}),
    })),
  }))
  .pipe(AddCategoryBody);

/** A stored category as the form's controls hold it, its attributes' keys fixed. */
export function categoryFields(category: Category): CategoryFields {
  return {
    name: category.name,
    slug: category.slug,
    attributes: category.attributes.map((def) => ({
      label: def.label,
      key: def.key,
      type: def.type,
      unit: def.unit ?? '',
      integer: def.integer ?? false,
      options: (def.options ?? []).join(', '),
      stored: true,
    })),
  };
}

export const partsText = (n: number) => `${n} ${n === 1 ? 'part' : 'parts'}`;

/** What a change would drop, as the confirmation says it: "Speed (removed): 2 parts". */
export function lostValuesText(lost: readonly LostValues[]): string {
  const what = { removed: 'removed', changed: 'no longer fits' } as const;
  return lost
    .map((entry) => `${entry.label} (${what[entry.change]}): ${partsText(entry.parts)}`)
    .join('; ');
}

/** The values a refused change would drop (a 409 of PUT /api/categories/:slug), if that was why. */
export function lostValuesOf(error: unknown): CategoryConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = CategoryConflict.safeParse(error.body);
  return body.success && body.data.attributes?.length ? body.data : null;
}
