// The home page's JavaScript to start, gzipped, counted by the CI budget check itself
// (scripts/check-budget.mjs: the entry chunk of index.html, the app it imports at once and every
// chunk those import statically, from Vite's manifest), so the bench and CI cannot disagree.
import path from 'node:path';
import { BUDGET_CAP, BUDGET_GOAL, homeJsBudget } from '../../scripts/check-budget.mjs';
import { repoRoot } from './server.mjs';

export { BUDGET_CAP, BUDGET_GOAL };

/** `{ bytes, chunks, source }` for the built web app in `distDir`. */
export function measureHomeJs(distDir = path.join(repoRoot, 'web/dist')) {
  const { total, chunks } = homeJsBudget(distDir);
  return { bytes: total, chunks, source: 'Vite manifest (scripts/check-budget.mjs)' };
}
