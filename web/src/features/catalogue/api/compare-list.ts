import { COMPARE_PARTS_MAX } from '@partsmith/contract/constants';
import { useSyncExternalStore } from 'react';
import { href } from 'react-router';

/**
 * The parts a shopper has chosen to compare (their ids, in the order chosen, at most
 * COMPARE_PARTS_MAX), kept in this browser's localStorage: every "Add to compare" button and the
 * compare tray read the one list, in this tab and in others. On the server, and in the
 * browser's first render that must match its HTML, the list is empty.
 */
export const COMPARE_LIST_KEY = 'partsmith.compare';

const EMPTY: readonly string[] = [];

/** What the storage holds, read once per change of its text (useSyncExternalStore compares). */
let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: EMPTY };

function readText(): string | null {
  try {
    return localStorage.getItem(COMPARE_LIST_KEY);
  } catch {
    // Storage refused (a privacy mode): nothing chosen.
    return null;
  }
}

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 64;

/** The chosen ids; anything malformed in storage is left out, each id once. */
export function compareList(): readonly string[] {
  const text = readText();
  if (text === cached.text) return cached.ids;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(parsed)) ids = [...new Set(parsed.filter(isId))].slice(0, COMPARE_PARTS_MAX);
  } catch {
    ids = EMPTY;
  }
  cached = { text, ids };
  return ids;
}

const listeners = new Set<() => void>();

function write(ids: readonly string[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(COMPARE_LIST_KEY);
    else localStorage.setItem(COMPARE_LIST_KEY, JSON.stringify(ids));
  } catch {
    // Full or refused storage: the list stays as it was.
  }
  listeners.forEach((listener) => listener());
}

/** What adding a part did: added, already there, or refused because the list is full. */
export type AddResult = 'added' | 'present' | 'full';

/** Adds a part at the end of the list, unless it holds COMPARE_PARTS_MAX parts already. */
export function addToCompare(id: string): AddResult {
  const ids = compareList();
  if (ids.includes(id)) return 'present';
  if (ids.length >= COMPARE_PARTS_MAX) return 'full';
  write([...ids, id]);
  return 'added';
}

export function removeFromCompare(id: string): void {
  const ids = compareList();
  if (ids.includes(id)) write(ids.filter((other) => other !== id));
}

export function clearCompare(): void {
  if (compareList().length > 0) write(EMPTY);
}

export function subscribeCompareList(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the list.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_LIST_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen parts' ids, re-rendering on every change (in this tab or another). */
export function useCompareList(): readonly string[] {
  return useSyncExternalStore(subscribeCompareList, compareList, () => EMPTY);
}

/** The compare page's address for these parts: /parts/compare?ids=a,b. */
export const compareHref = (ids: readonly string[]) =>
  ids.length > 0
    ? `${href('/parts/compare')}?ids=${ids.map(encodeURIComponent).join(',')}`
    : href('/parts/compare');
