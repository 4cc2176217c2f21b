import type { CataloguePart } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePart } from '../../../lib/get-part.ts';
import { part, PART_ID } from '../../../test/fixtures.ts';
import { json, mockApi, sessionFor, type Routes } from '../../../test/mock-api.ts';
import { PartPage } from './part-page.tsx';

const cpu: CataloguePart = {
  ...part,
  category: null,
  categoryName: null,
  attributes: {},
  specification: [],
};

function Page() {
  const { partsId = '' } = useParams();
  return <PartPage part={usePart(partsId)} buy={() => <p>Add to cart form</p>} />;
}

function renderPage(routes: Routes) {
  const api = mockApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/parts/:partsId', element: <Page /> }], {
    initialEntries: [`/parts/${PART_ID}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api };
}

afterEach(() => vi.restoreAllMocks());

describe("PartPage: a company member's own price", () => {
  it('asks for it in the browser with the cookie and shows it beside the list price', async () => {
    const { api } = renderPage({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane', email: 'j@acme.example' })),
      [`GET /api/part/${PART_ID}`]: () =>
        json({ ...cpu, yourPrice: 250, yourPriceList: 'Workshops 2025' }),
    });
    await screen.findByRole('heading', { level: 1, name: cpu.name });
    expect(screen.getByText('$289.50')).toBeVisible();
    const yours = await screen.findByText(/^Your price:/);
    expect(yours).toHaveTextContent('Your price: $250.00 (Workshops 2025)');
    const calls = api.spy.mock.calls.filter(([url]) => String(url) === `/api/part/${PART_ID}`);
    expect(calls).toHaveLength(2);
    expect(calls.every(([, init]) => init?.credentials === 'same-origin')).toBe(true);
  });

  it('shows no price of its own when the answer has none', async () => {
    const { api } = renderPage({
      'GET /api/auth/get-session': () => json(sessionFor({ name: 'Bob', email: 'b@example.com' })),
      [`GET /api/part/${PART_ID}`]: () => json(cpu),
    });
    await screen.findByRole('heading', { level: 1, name: cpu.name });
    await waitFor(() => expect(api.callsTo('GET', `/api/part/${PART_ID}`)).toHaveLength(2));
    expect(screen.queryByText(/Your price/)).toBeNull();
  });

  it('does not ask again for a visitor', async () => {
    const { api } = renderPage({
      'GET /api/auth/get-session': () => json(null),
      [`GET /api/part/${PART_ID}`]: () => json(cpu),
    });
    await screen.findByRole('heading', { level: 1, name: cpu.name });
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/get-session')).toHaveLength(1));
    expect(api.callsTo('GET', `/api/part/${PART_ID}`)).toHaveLength(1);
    expect(screen.queryByText(/Your price/)).toBeNull();
  });
});
