import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireUser } from '../../features/auth/components/guards.tsx';
import { appRoutes, renderApp } from '../../test/app-routes.tsx';
import { lazyComponent, routeChain } from '../../test/lazy-route.ts';
import { PAGES } from '@partsmith/contract/pages';
import { EMAIL_NOT_CONFIRMED_MESSAGE } from '@partsmith/contract';
import { apiError, json, mockApi, sessionFor } from '../../test/mock-api.ts';
import { ORDER_ID, PART_ID, thermalPasteOrder } from '../../test/fixtures.ts';
import { DashboardRoute } from '../layouts/dashboard.tsx';
import { MyOrdersRoute } from './my-orders.tsx';
import { PaymentRoute } from './payment.tsx';
import { PurchaseRoute } from './purchase.tsx';

/** The app at `path`: the buying pages as routes.ts nests them, in the shop's layout. */
const renderAt = (path: string) => renderApp(path);

const signedIn = {
  'GET /api/auth/get-session': () =>
    json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
  'GET /api/admin/jane%40example.com': () => json({ admin: false }),
};

afterEach(() => vi.restoreAllMocks());

describe('the buying routes', () => {
  it('routes.ts declares them', async () => {
    // the root > the guard > the page
    const [, guard, purchase, ...deeper] = routeChain(appRoutes(), PAGES.purchase.path);
    expect(await lazyComponent(guard)).toBe(RequireUser);
    expect(await lazyComponent(purchase)).toBe(PurchaseRoute);
    expect(deeper).toEqual([]);
    // the root > the guard > the dashboard's layout > the pages
    for (const [page, Component] of [
      [PAGES.myOrders, MyOrdersRoute],
      [PAGES.payment, PaymentRoute],
    ] as const) {
      const [, user, layout, route, ...below] = routeChain(appRoutes(), page.path);
      expect(await lazyComponent(user)).toBe(RequireUser);
      expect(await lazyComponent(layout)).toBe(DashboardRoute);
      expect(await lazyComponent(route), page.path).toBe(Component);
      expect(below, page.path).toEqual([]);
    }
  });

  it('sends a signed-out visitor from a purchase page to the login', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const { router } = renderAt(`/purchase/${PART_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Partsmith account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: `/purchase/${PART_ID}` });
  });

  it('gives the purchase page the signed-in user', async () => {
    mockApi({
      ...signedIn,
      [`GET /api/part/${PART_ID}`]: () =>
        json({
          _id: PART_ID,
          sku: 'TLS-TIM-4G',
          name: 'Thermal paste',
          image: '/images/parts/tool-thermal-paste.svg',
          description: 'Four grams.',
          price: 7.5,
          availableQuantity: 500,
          minOrderQuantity: 10,
        }),
    });
    renderAt(`/purchase/${PART_ID}`);
    expect(await screen.findByLabelText('Your name')).toHaveValue('Jane Doe');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it('tells a buyer whose address is not confirmed yet, above the order form', async () => {
    mockApi({
      ...signedIn,
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com', emailVerified: false })),
      [`GET /api/part/${PART_ID}`]: () =>
        json({
          _id: PART_ID,
          sku: 'TLS-TIM-4G',
          name: 'Thermal paste',
          image: '/images/parts/tool-thermal-paste.svg',
          description: 'Four grams.',
          price: 7.5,
          availableQuantity: 500,
          minOrderQuantity: 10,
        }),
    });
    renderAt(`/purchase/${PART_ID}`);
    const notice = await screen.findByRole('region', {
      name: 'Please confirm your e-mail address',
    });
    expect(notice).toHaveTextContent('jane@example.com');
    const form = screen.getByRole('heading', { name: 'Your order' });
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the notice and the server's refusal on the payment page", async () => {
    mockApi({
      ...signedIn,
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com', emailVerified: false })),
      [`GET /api/purchase/${ORDER_ID}`]: () => json(thermalPasteOrder()),
      'GET /api/payment-config': () => json({ provider: 'test', publishableKey: null }),
      'POST /api/create-payment-intent': () =>
        apiError(403, EMAIL_NOT_CONFIRMED_MESSAGE, 'Forbidden'),
    });
    renderAt(`/dashboard/payment/${ORDER_ID}`);
    expect(
      await screen.findByRole('region', { name: 'Please confirm your e-mail address' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_NOT_CONFIRMED_MESSAGE);
  });

  it("asks for the signed-in user's own orders in the dashboard", async () => {
    const api = mockApi({ ...signedIn, 'GET /api/orders': () => json([]) });
    renderAt('/dashboard/my-orders');
    expect(await screen.findByRole('heading', { name: 'My Orders: 0' })).toBeInTheDocument();
    expect(api.spy.mock.calls.map(([url]) => String(url))).toContain(
      '/api/orders?userEmail=jane%40example.com',
    );
  });

  it('greets the signed-in user on the payment page', async () => {
    mockApi({
      ...signedIn,
      [`GET /api/purchase/${ORDER_ID}`]: () => json(thermalPasteOrder()),
      'GET /api/payment-config': () => json({ provider: 'test', publishableKey: null }),
      'POST /api/create-payment-intent': () =>
        json({ clientSecret: 'pi_1_secret_2', provider: 'test', amount: 75 }),
    });
    renderAt(`/dashboard/payment/${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Jane Doe' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Name on card')).toHaveValue('Jane Doe');
  });
});
