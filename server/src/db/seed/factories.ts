import type { DbOrTx } from '../client.ts';
import { parts, reviews, type NewPartRow, type NewReviewRow } from '../schema/index.ts';

/**
 * Row factories shared by the demo seed and the tests: one place knows what a valid part or
 * review looks like.
 */
let counter = 0;
const next = () => ++counter;

export function buildPart(overrides: Partial<NewPartRow> = {}): NewPartRow {
  const n = next();
  return {
    name: `Test Part ${n}`,
    description: `A part made for test number ${n}.`,
    image: '/images/parts/tool-driver-kit.svg',
    priceCents: 1999,
    availableQuantity: 100,
    minOrderQuantity: 1,
    ...overrides,
  };
}

export function buildReview(overrides: Partial<NewReviewRow> = {}): NewReviewRow {
  const n = next();
  return {
    name: `Reviewer ${n}`,
    image: '/images/avatars/1.svg',
    type: `Review text number ${n}.`,
    rating: 5,
    ...overrides,
  };
}

export async function insertParts(db: DbOrTx, rows: Partial<NewPartRow>[]) {
  if (rows.length === 0) return [];
  return db
    .insert(parts)
    .values(rows.map((r) => buildPart(r)))
    .returning();
}

export async function insertPart(db: DbOrTx, overrides: Partial<NewPartRow> = {}) {
  const [row] = await insertParts(db, [overrides]);
  return row!;
}

export async function insertReviews(db: DbOrTx, rows: Partial<NewReviewRow>[]) {
  if (rows.length === 0) return [];
  return db
    .insert(reviews)
    .values(rows.map((r) => buildReview(r)))
    .returning();
}
