import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from '@partsmith/contract/zod-subset';
import { apiError, json, mockApi } from '../test/mock-api.ts';
import { api } from './api-client.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.doUnmock('./answer-schemas.ts');
});

const Answer = z.object({ ok: z.boolean() });

describe('api', () => {
  it('parses the answer with a schema given as it is or named (checked off the main thread)', async () => {
    mockApi({
      'GET /api/thing': () => json({ ok: true, extra: 1 }),
      'GET /api/admin/y': () => json({ admin: false, extra: 1 }),
    });
    expect(await api('/thing', { schema: Answer })).toEqual({ ok: true });
    expect(await api('/admin/y', { schema: 'AdminCheck' })).toEqual({ admin: false });
  });

  it('refuses an answer the named schema does not accept', async () => {
    mockApi({ 'GET /api/admin/x': () => json({ admin: 'yes' }) });
    await expect(api('/admin/x', { schema: 'AdminCheck' })).rejects.toThrow(
      'The shop sent an answer this page does not understand.',
    );
  });

  it('reads an empty session answer as signed out', async () => {
    mockApi({ 'GET /api/auth/get-session': () => new Response('', { status: 200 }) });
    expect(await api('/auth/get-session', { schema: 'SessionAnswer' })).toBeNull();
  });

  it('reads like no answer when the schemas cannot load (offline, a new release)', async () => {
    vi.resetModules();
    vi.doMock('./answer-schemas.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { api: freshApi, ApiError: FreshApiError } = await import('./api-client.ts');
    mockApi({ 'GET /api/admin/x': () => json({ admin: true }) });
    const error = await freshApi('/admin/x', { schema: 'AdminCheck' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FreshApiError);
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
    await expect(api('/missing', { schema: 'Part' })).rejects.toMatchObject({
      status: 404,
      message: 'No such part.',
    });
    await expect(api('/broken', { schema: Answer })).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
