import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * A visitor's cart: each part's id and quantity, kept in this browser's localStorage until they
 * sign in (then merge-local-cart.ts moves it to the server's cart). Prices, names and stock are
 * not kept: the cart page reads each part from the catalogue when it shows the cart.
 */
export interface LocalLine {
  partId: string;
  quantity: number;
}

export const LOCAL_CART_KEY = 'partsmith.cart';

/**
 * As many parts as the server's cart holds (the contract's MAX_CART_LINES, contract/src/cart.ts,
 * which this module cannot import without loading zod with the purchase page).
 */
export const MAX_LOCAL_LINES = 50;

const EMPTY: readonly LocalLine[] = [];

const isLine = (value: unknown): value is LocalLine => {
  if (!value || typeof value !== 'object') return false;
  const { partId, quantity } = value as Record<string, unknown>;
  return (
    typeof partId === 'string' &&
    partId.length > 0 &&
    partId.length <= 64 &&
    Number.isInteger(quantity) &&
    (quantity as number) > 0
  );
};

/** What the storage holds, read once per change of its text (useSyncExternalStore compares). */
let cached: { text: string | null; lines: readonly LocalLine[] } = { text: null, lines: EMPTY };

function readText(): string | null {
  try {
    return localStorage.getItem(LOCAL_CART_KEY);
  } catch {
    // Storage refused (a privacy mode): an empty cart.
    return null;
  }
}

/** The visitor's lines; anything malformed in storage is left out, one line per part. */
export function localCartLines(): readonly LocalLine[] {
  const text = readText();
  if (text === cached.text) return cached.lines;
  let lines: readonly LocalLine[] = EMPTY;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(parsed)) {
      const seen = new Set<string>();
      lines = parsed
        .filter(isLine)
        .filter((line) => !seen.has(line.partId) && seen.add(line.partId))
        .slice(0, MAX_LOCAL_LINES)
        .map(({ partId, quantity }) => ({ partId, quantity }));
    }
  } catch {
    lines = EMPTY;
  }
  cached = { text, lines };
  return lines;
}

const listeners = new Set<() => void>();

function write(lines: readonly LocalLine[]) {
  try {
    if (lines.length === 0) localStorage.removeItem(LOCAL_CART_KEY);
    else localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines));
  } catch {
    // Full or refused storage: the cart stays as it was.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Sets a part's quantity (adds the line when it is new, at the end). Throws, as the server's cart
 * answers (422), when the cart already holds MAX_LOCAL_LINES other parts.
 */
export function setLocalLine(partId: string, quantity: number): readonly LocalLine[] {
  const lines = localCartLines();
  const index = lines.findIndex((line) => line.partId === partId);
  if (index < 0 && lines.length >= MAX_LOCAL_LINES) {
    throw new ApiError(
      422,
      `A cart holds at most ${MAX_LOCAL_LINES} different parts: check out or remove some first.`,
    );
  }
  const next =
    index < 0
      ? [...lines, { partId, quantity }]
      : lines.map((line) => (line.partId === partId ? { partId, quantity } : line));
  write(next);
  return localCartLines();
}

export function removeLocalLines(partIds: readonly string[]): void {
  const lines = localCartLines();
  const next = lines.filter((line) => !partIds.includes(line.partId));
  if (next.length !== lines.length) write(next);
}

export function subscribeLocalCart(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's cart, re-rendering on every change (in this tab or another). */
export function useLocalCart(): readonly LocalLine[] {
  return useSyncExternalStore(subscribeLocalCart, localCartLines, () => EMPTY);
}

/** Units in a cart: the top bar's count. */
export const unitsOf = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);
