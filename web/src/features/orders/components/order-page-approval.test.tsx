import type { Order } from '@partsmith/contract';
import type { CompanyRole, MyCompany } from '@partsmith/contract/companies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { myCompany, ORDER_ID, thermalPasteOrder } from '../../../test/fixtures.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { AWAITING_APPROVAL, DECLINED, DECLINED_DETAIL } from './order-approval.tsx';
import { renderOrderPage } from './order-page.fixtures.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

const companyOf = (role: CompanyRole): MyCompany =>
  myCompany({ role, terms: { paymentTerms: 'net30', creditLimit: 10_000, available: 10_000 } });

const renderPage = renderOrderPage;

const heading = () => screen.findByRole('heading', { level: 1, name: 'Thermal paste' });
const payButton = () => screen.queryByRole('link', { name: /^Pay / });

beforeEach(() => vi.mocked(confirmDialog).mockReset().mockResolvedValue(true));
afterEach(() => vi.restoreAllMocks());

describe('OrderPage for business buyers', () => {
  it('shows the PO number and an invoice due date, and no Pay button, for an order on terms', async () => {
    renderPage(() =>
      thermalPasteOrder({
        poNumber: 'PO-7781',
        paymentMethod: 'invoice',
        dueDate: '2025-04-01',
        invoiceNumber: 'PS-2025-000042',
      }),
    );
    await heading();
    const purchase = within(screen.getByRole('region', { name: 'Purchase' }));
    expect(purchase.getByText('PO number').nextElementSibling).toHaveTextContent('PO-7781');
    expect(purchase.getByText('Payment').nextElementSibling).toHaveTextContent(
      'Pay by invoice, due Apr 1, 2025',
    );
    expect(screen.getByText('The invoice is due on Apr 1, 2025.')).toBeVisible();
    expect(payButton()).toBeNull();
  });

  it('a card order keeps its Pay button and shows no purchase details', async () => {
    renderPage(() => thermalPasteOrder());
    await heading();
    expect(payButton()).toHaveTextContent('Pay $75.00');
    expect(screen.queryByRole('region', { name: 'Purchase' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Approval' })).toBeNull();
  });

  it('tells a buyer their order waits for approval, with no Pay button and no decision', async () => {
    const { api } = renderPage(() => thermalPasteOrder({ approval: 'pending' }), {
      'GET /api/company': () => json(companyOf('buyer')),
    });
    await heading();
    expect(screen.getByRole('status')).toHaveTextContent(AWAITING_APPROVAL);
    await waitFor(() => expect(api.callsTo('GET', '/api/company')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(payButton()).toBeNull();
  });

  it('lets an approver approve; the order is asked again and shown approved', async () => {
    const user = userEvent.setup();
    let approval: Order['approval'] = 'pending';
    const { api } = renderPage(() => thermalPasteOrder({ approval }), {
      'GET /api/company': () => json(companyOf('approver')),
      [`POST /api/orders/${ORDER_ID}/approve`]: () => {
        approval = 'approved';
        return json({ approval });
      },
    });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You approved this order.');
    expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/approve`)).toHaveLength(1);
    expect(api.callsTo('GET', `/api/purchase/${ORDER_ID}`)).toHaveLength(2);
    expect(screen.queryByText(AWAITING_APPROVAL)).toBeNull();
    expect(screen.getByText('Approved')).toBeVisible();
    // Approved on card terms: the buyer may pay now.
    expect(payButton()).toHaveTextContent('Pay $75.00');
  });

  it('declines only once confirmed, and shows a refusal', async () => {
    const user = userEvent.setup();
    const { api } = renderPage(() => thermalPasteOrder({ approval: 'pending' }), {
      'GET /api/company': () => json(companyOf('owner')),
      [`POST /api/orders/${ORDER_ID}/decline`]: () =>
        apiError(403, 'Only an approver of the company decides on its orders'),
    });
    await heading();
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      'Decline order PS-O-000042? Its parts go back in stock and the buyer is told.',
      'Yes, decline it',
    );
    expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/decline`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only an approver of the company decides on its orders',
    );
  });

  it('says a declined order was declined and its parts went back', async () => {
    renderPage(() => thermalPasteOrder({ approval: 'declined' }));
    await heading();
    const notice = within(screen.getByRole('region', { name: 'Approval' }));
    expect(notice.getByText(DECLINED)).toBeVisible();
    expect(notice.getByText(DECLINED_DETAIL)).toBeVisible();
    expect(payButton()).toBeNull();
  });
});
