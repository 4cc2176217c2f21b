import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { Quote } from '@partsmith/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyRole } from '@partsmith/contract/companies';
import { jane, myCompany } from '../../../test/fixtures.ts';
import { json, mockApi, type Routes } from '../../../test/mock-api.ts';
import type { AddressPickerSlot } from './accept-quote-form.tsx';
import { AnswerQuoteForm } from './answer-quote-form.tsx';
import { COMPANY_QUOTES } from './company-quotes.tsx';
import { MyQuotesPage } from './my-quotes-page.tsx';
import { answered, quote } from './quote-fixtures.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const COMPANY_ID = '5c0a1e2b-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
const noPicker: AddressPickerSlot = () => null;

/** GET /api/company's answer: Jane in Acme Workshop in `role`, priced by its list. */
const acme = (role: CompanyRole) =>
  myCompany({ id: COMPANY_ID, role, terms: { priceListName: 'Workshops' } });

/** Jane's request with her company's price on the CPUs (not on the power supplies). */
const priced = (overrides: Partial<Quote> = {}) => {
  const base = quote(overrides);
  return { ...base, lines: [{ ...base.lines[0]!, companyPrice: 260 }, base.lines[1]!] };
};

/** Bob's request, a buyer of Jane's company. */
const bobs = priced({
  _id: '1a2b3c4d-0009-4e5f-8a9b-0c1d2e3f4a5b',
  number: 'Q-000009',
  userName: 'Bob Buyer',
  userEmail: 'bob@acme.example',
  message: 'For the new line.',
});

function renderUi(routes: Routes, element: React.ReactNode) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return api;
}

const card = (number: string) => within(screen.getByRole('article', { name: `Quote ${number}` }));

afterEach(() => vi.restoreAllMocks());

describe("the company's quotes and prices", () => {
  it('shows the buyer their price beside the list price where it differs', async () => {
    const api = renderUi(
      {
        'GET /api/quotes': () => json([priced()]),
        'GET /api/company': () => json(acme('buyer')),
      },
      <MyQuotesPage user={jane} addressPicker={noPicker} />,
    );
    await screen.findByRole('article', { name: 'Quote Q-000001' });
    const rows = card('Q-000001').getAllByRole('row');
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Your price' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('$260.00');
    expect(rows[2]).toHaveTextContent('The list price');
    // A buyer is not shown the company's other quotes (nor are they asked for).
    expect(screen.queryByRole('heading', { name: COMPANY_QUOTES })).toBeNull();
    expect(api.callsTo('GET', '/api/company/quotes')).toEqual([]);
  });

  it('has no price column of its own when no line has a company price', async () => {
    renderUi(
      { 'GET /api/quotes': () => json([quote()]) },
      <MyQuotesPage user={jane} addressPicker={noPicker} />,
    );
    await screen.findByRole('article', { name: 'Quote Q-000001' });
    expect(screen.queryByRole('columnheader', { name: 'Your price' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Company price' })).toBeNull();
  });

  it("shows an approver the other members' quotes, with who asked and no way to accept them", async () => {
    const api = renderUi(
      {
        'GET /api/quotes': () => json([]),
        'GET /api/company': () => json(acme('approver')),
        // The company's quotes hold Jane's own too: shown once, above, as hers.
        'GET /api/company/quotes': () => json([bobs, answered()]),
      },
      <MyQuotesPage user={jane} addressPicker={noPicker} />,
    );
    const section = await screen.findByRole('region', { name: COMPANY_QUOTES });
    await within(section).findByRole('article', { name: 'Quote Q-000009' });
    expect(within(section).queryByRole('article', { name: 'Quote Q-000002' })).toBeNull();
    const bob = card('Q-000009');
    expect(bob.getByText(/Asked by/)).toHaveTextContent('Asked by Bob Buyer (bob@acme.example)');
    expect(bob.getByText('For the new line.')).toBeInTheDocument();
    expect(bob.getByRole('columnheader', { name: 'Company price' })).toBeInTheDocument();
    expect(bob.queryByRole('button', { name: /Accept quote/ })).toBeNull();
    expect(api.callsTo('GET', '/api/company/quotes')).toHaveLength(1);
  });

  it('starts the admin’s answer from the company price, shown beside the list price', async () => {
    renderUi({}, <AnswerQuoteForm quote={bobs} />);
    const form = within(await screen.findByRole('form', { name: 'Answer quote Q-000009' }));
    expect(form.getByText('Company price $260.00 each')).toBeInTheDocument();
    expect(form.getByLabelText('Unit price for Ryzen 7 8-core CPU')).toHaveValue(260);
    expect(form.getByLabelText('Unit price for Anvil PSU 850 W')).toHaveValue(99);
  });
});
