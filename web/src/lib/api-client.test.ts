import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, json, mockApi } from '../test/mock-api.ts';
import { api, ApiError } from './api-client.ts';

afterEach(() => vi.restoreAllMocks());

const Answer = z.object({ ok: z.boolean() });

describe('api', () => {
  it('parses the answer with a schema given as it is or loaded on demand', async () => {
    mockApi({ 'GET /api/thing': () => json({ ok: true, extra: 1 }) });
    expect(await api('/thing', { schema: Answer })).toEqual({ ok: true });
    const load = vi.fn(async () => Answer);
    expect(await api('/thing', { schema: load })).toEqual({ ok: true });
    expect(load).toHaveBeenCalledOnce();
  });

  it('refuses an answer the loaded schema does not accept', async () => {
    mockApi({ 'GET /api/thing': () => json({ ok: 'yes' }) });
    await expect(api('/thing', { schema: async () => Answer })).rejects.toThrow(
      'The shop sent an answer this page does not understand.',
    );
  });

  it('reads like no answer when the schema cannot load (offline, a new release)', async () => {
    mockApi({ 'GET /api/thing': () => json({ ok: true }) });
    const error = await api('/thing', {
      schema: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      message: 'Cannot reach the shop. Check your connection and try again.',
    });
  });

  it("shows the server's message for a 4xx and its own for a 5xx", async () => {
    mockApi({
      'GET /api/missing': () => apiError(404, 'No such part.', 'Not Found'),
      'GET /api/broken': () => apiError(500, 'database exploded'),
    });
    await expect(api('/missing', { schema: async () => Answer })).rejects.toMatchObject({
      status: 404,
      message: 'No such part.',
    });
    await expect(api('/broken', { schema: Answer })).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
