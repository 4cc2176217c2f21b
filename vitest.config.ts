import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server's longest files, longest first (as `npm test` printed them). Vitest starts a file
 * it has timed before longest first, but a fresh clone (CI) has no timings and starts the largest
 * files first: the fuzzing suite then began half-way through and ran alone at the end.
 */
const LONGEST_FIRST = [
  'server/test/security/hostile-import.test.ts',
  'server/test/security/fuzz.test.ts',
  'server/test/admin-cli.test.ts',
  'server/test/security/access-matrix.test.ts',
  'server/test/backup.test.ts',
  'server/test/security/abuse.test.ts',
  'server/test/security/abuse-limits.test.ts',
  'server/test/reconciliation.test.ts',
  'server/test/reconcile-cli.test.ts',
  'server/test/maintenance.test.ts',
  'server/test/security/browser-safety.test.ts',
  'server/test/redis.test.ts',
  'server/test/openapi-lint.test.ts',
];

/** Vitest's own order, with the known longest files moved to the front of their project. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    // Vitest's order keeps each project's files together: only files of one project swap.
    return [...sorted].sort((a, b) =>
      a.project.name === b.project.name
        ? rank(a) - rank(b) || position.get(a)! - position.get(b)!
        : position.get(a)! - position.get(b)!,
    );
  }
}

// One Vitest run, four projects: the contract, the web app (jsdom), the server (real database)
// and the bench's own logic.
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      './contract/vitest.config.ts',
      './web/vite.config.ts',
      './server/vitest.config.ts',
      './bench/vitest.config.ts',
    ],
  },
});
