// The zod builders the shop's schemas use, under a name of their own: import it as
// `import * as z from './zod-subset.ts'` (contract) or `'@partsmith/contract/zod-subset'` (web).
// zod's own `z` re-exports everything zod has (JSON Schema conversion, 40 locales): once the web
// app's chunks share it, the bundler builds that whole namespace object, and the chunk every
// form and API call loads was 386 kB (90 kB gzipped). This module's namespace holds only these.
// The builders are zod's own, so a schema made here is a zod schema anywhere (the server, the
// OpenAPI document). A builder missing here is a type error where it is used.
export {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
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
export type { infer, input, output, ZodType } from 'zod/v4';
