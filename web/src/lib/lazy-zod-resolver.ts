import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from '@partsmith/contract/zod-subset';

/** A react-hook-form resolver whose schema (and zod) load on demand; `preload` starts loading. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/**
 * zodResolver for a schema loaded on demand (docs/decisions/038): a form that opens with the
 * page (sign-in, sign-up) does not load zod and the contract while the page loads. They load
 * when the visitor first focuses the form (`onFocus={resolver.preload}`), or at the first check.
 * If they cannot load (offline), the check fails with a message on the form's root and the next
 * attempt loads again.
 */
export function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
): LazyResolver<z.input<S>, z.output<S>> {
  type Loaded = Resolver<z.input<S>, unknown, z.output<S>>;
  let loading: Promise<Loaded> | undefined;
  const loaded = (): Promise<Loaded> => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Loaded,
    );
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const resolver: Loaded = async (values, context, options) => {
    let check: Loaded;
    try {
      check = await loaded();
    } catch {
      const errors = {
        root: {
          type: 'load',
          message: 'Cannot reach the shop. Check your connection and try again.',
        },
      } as FieldErrors<z.input<S>>;
      return { values: {}, errors };
    }
    return check(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}
