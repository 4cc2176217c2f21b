import type { CataloguePart } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { part as cataloguePart, PART_ID } from '../../../test/fixtures.ts';
import { apiError, json, mockApi, sessionFor } from '../../../test/mock-api.ts';
import { leadTimeText, StockAlertForm, StockAlertNotice } from './stock-alert-form.tsx';

const ALERTS = `/api/parts/${PART_ID}/stock-alerts`;

const outOfStock = (leadTimeDays: number | null): CataloguePart => ({
  ...cataloguePart,
  availableQuantity: 0,
  leadTimeDays,
  category: null,
  categoryName: null,
  attributes: {},
  specification: [],
});

/** The form and the notice on a part's page, at `url`. */
function renderPage(part: CataloguePart, url = `/parts/${PART_ID}`) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/parts/:partsId',
        Component: () => (
          <>
            <StockAlertNotice />
            <StockAlertForm part={part} />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The form's live region (the notice has its own). */
const formStatus = () =>
  within(screen.getByRole('region', { name: 'Out of stock for now' })).getByRole('status');

afterEach(() => vi.restoreAllMocks());

describe('leadTimeText', () => {
  it('says when the part is usually back, or nothing when that is not known', () => {
    expect(leadTimeText(14)).toBe('Usually back within 14 days.');
    expect(leadTimeText(1)).toBe('Usually back within a day.');
    expect(leadTimeText(0)).toBe('Usually back within a day.');
    expect(leadTimeText(null)).toBeNull();
    expect(leadTimeText(undefined)).toBeNull();
  });
});

describe('StockAlertForm for a visitor', () => {
  it('shows the lead time, checks the address, and says to confirm by the mailed link', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () => json(null),
      [`POST ${ALERTS}`]: () => json({ status: 'confirmation_sent' }, 201),
    });
    const user = userEvent.setup();
    renderPage(outOfStock(12));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Out of stock for now' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Usually back within 12 days.')).toBeInTheDocument();

    const email = await screen.findByLabelText('Your email address');
    const button = screen.getByRole('button', { name: 'Email me when it is back' });
    await user.click(button);
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is Required');
    await user.type(email, 'nope@');
    await user.click(button);
    expect(await screen.findByText('Provide a Valid Email')).toBeInTheDocument();
    expect(api.callsTo('POST', ALERTS)).toEqual([]);

    await user.clear(email);
    // The keyboard alone: type, then Enter.
    await user.type(email, 'New@Example.com{Enter}');
    await waitFor(() =>
      expect(formStatus()).toHaveTextContent(
        'Check your inbox at new@example.com: follow the link',
      ),
    );
    expect(api.callsTo('POST', ALERTS).map((c) => c.body)).toEqual([{ email: 'new@example.com' }]);
    expect(email).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in an alert and keeps what was typed", async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(null),
      [`POST ${ALERTS}`]: () =>
        apiError(409, 'This part is in stock: you can order it now, no alert needed.'),
    });
    const user = userEvent.setup();
    renderPage(outOfStock(null));
    expect(screen.queryByText(/Usually back/)).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Your email address'), 'late@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me when it is back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part is in stock: you can order it now, no alert needed.',
    );
    expect(screen.getByLabelText('Your email address')).toHaveValue('late@example.com');
  });
});

describe('StockAlertForm for a signed-in customer', () => {
  it('asks with one button, then offers to cancel; the focus follows the buttons', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
      [`POST ${ALERTS}`]: () => json({ status: 'subscribed' }, 201),
      [`DELETE ${ALERTS}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage(outOfStock(5));
    const ask = await screen.findByRole('button', { name: 'Email me when it is back' });
    expect(screen.queryByLabelText('Your email address')).not.toBeInTheDocument();
    await user.click(ask);

    const cancel = await screen.findByRole('button', { name: 'Cancel the alert' });
    expect(formStatus()).toHaveTextContent(
      'Done: we will email you at jane@example.com once, when this part is back in stock.',
    );
    expect(api.callsTo('POST', ALERTS).map((c) => c.body)).toEqual([{}]);
    await waitFor(() => expect(cancel).toHaveFocus());

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('button', { name: 'Email me when it is back' });
    expect(formStatus()).toHaveTextContent(
      'Your alert is cancelled: we will not email you about this part.',
    );
    expect(api.callsTo('DELETE', ALERTS)).toHaveLength(1);
    expect(api.callsTo('DELETE', ALERTS)[0]!.search).toBeUndefined();
    await waitFor(() => expect(again).toHaveFocus());
  });

  it('keeps Cancel the alert when cancelling fails, and says why', async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
      [`POST ${ALERTS}`]: () => json({ status: 'subscribed' }, 201),
      [`DELETE ${ALERTS}`]: () =>
        apiError(429, 'Too many requests. Please try again in 2 minutes.'),
    });
    const user = userEvent.setup();
    renderPage(outOfStock(null));
    await user.click(await screen.findByRole('button', { name: 'Email me when it is back' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel the alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 2 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Cancel the alert' })).toBeInTheDocument();
  });
});

describe('StockAlertNotice', () => {
  it('says the alert is confirmed, or that the link does not work', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    renderPage(outOfStock(null), `/parts/${PART_ID}?alert=confirmed`);
    expect(
      await screen.findByText(
        'Your stock alert is confirmed: we will email you once, when this part is back in stock.',
      ),
    ).toBeInTheDocument();
  });

  it('says a link is no longer valid', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    renderPage(outOfStock(null), `/parts/${PART_ID}?alert=invalid`);
    expect(await screen.findByText(/This confirmation link does not work any more/)).toBeVisible();
  });

  it('asks before it cancels with the mailed token, then says it is done', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () => json(null),
      [`DELETE ${ALERTS}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage(outOfStock(null), `/parts/${PART_ID}?alert=cancel&token=abc-123_XY`);
    expect(
      await screen.findByText('Do you want to cancel your stock alert for this part?'),
    ).toBeInTheDocument();
    // Opening the link cancels nothing.
    expect(api.callsTo('DELETE', ALERTS)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel the alert' }));
    expect(
      await screen.findByText(
        'Your stock alert is cancelled: we will not email you about this part.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', ALERTS).map((c) => c.search)).toEqual(['?token=abc-123_XY']);
    expect(screen.queryByRole('button', { name: 'Cancel the alert' })).not.toBeInTheDocument();
  });

  it('shows why a cancel link did not work', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(null),
      [`DELETE ${ALERTS}`]: () =>
        apiError(404, 'There is no stock alert of yours to cancel for this part.'),
    });
    const user = userEvent.setup();
    renderPage(outOfStock(null), `/parts/${PART_ID}?alert=cancel&token=gone`);
    await user.click(await screen.findByRole('button', { name: 'Cancel the alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no stock alert of yours to cancel for this part.',
    );
  });
});
