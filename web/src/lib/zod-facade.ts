// What the web build resolves `import { z } from 'zod'` to (vite.config.ts `resolve.alias`).
// zod's `z` is a namespace re-export of everything zod has (JSON Schema conversion, 40 locales);
// once the shop's code shares it between chunks loaded on demand, the bundler has to build that
// whole namespace object, and the zod chunk every form and API call loads was 386 kB (90 kB
// gzipped). This object holds only the builders the shop uses, so the rest is tree-shaken.
// Types still come from zod itself (TypeScript does not see the alias): `z.infer` and friends
// are unchanged. `zod-facade.test.ts` fails when code calls a builder that is missing here.
import {
  array,
  boolean,
  coerce,
  email,
  enum as enumOf,
  intersection,
  literal,
  looseObject,
  number,
  object,
  preprocess,
  string,
  unknown,
  uuid,
} from 'zod/v4';

export const z = {
  array,
  boolean,
  coerce,
  email,
  enum: enumOf,
  intersection,
  literal,
  looseObject,
  number,
  object,
  preprocess,
  string,
  unknown,
  uuid,
};
