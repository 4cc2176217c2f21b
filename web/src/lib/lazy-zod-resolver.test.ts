import { describe, expect, it, vi } from 'vitest';
import * as z from '@partsmith/contract/zod-subset';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

const Fields = z.object({ email: z.string().min(1, 'Email is Required') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema once, at the first check or on preload, and checks with it', async () => {
    const load = vi.fn(async () => Fields);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    const bad = await resolver({ email: '' }, undefined, options);
    expect(bad.errors).toMatchObject({ email: { message: 'Email is Required' } });
    const good = await resolver({ email: 'a@b.c' }, undefined, options);
    expect(good).toEqual({ values: { email: 'a@b.c' }, errors: {} });
    expect(load).toHaveBeenCalledOnce();
  });

  it('says the shop cannot be reached when the schema cannot load, and loads again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof Fields>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Fields);
    const resolver = lazyZodResolver(load);
    const offline = await resolver({ email: 'a@b.c' }, undefined, options);
    expect(offline.errors).toMatchObject({
      root: { message: 'Cannot reach the shop. Check your connection and try again.' },
    });
    expect(await resolver({ email: 'a@b.c' }, undefined, options)).toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
