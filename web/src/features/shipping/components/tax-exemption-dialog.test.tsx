import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/mock-api.ts';
import { mockShippingApi } from './shipping-api.testing.ts';
import {
  EXEMPTION_ENDED,
  EXEMPTION_FAILED,
  EXEMPTION_RECORDED,
  TaxExemptionButton,
} from './tax-exemption-dialog.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const BOB = 'bob@example.com';
const PATH = '/api/users/bob%40example.com/tax-exemption';

function renderButton() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <TaxExemptionButton email={BOB} />
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: `Tax exemption: ${BOB}` });
}

const openDialog = async (button: HTMLElement) => {
  await userEvent.setup().click(button);
  return within(screen.getByRole('dialog', { name: `Tax exemption: ${BOB}` }));
};

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('TaxExemptionButton', () => {
  it('records an exemption, shows it, and ends it once asked', async () => {
    const user = userEvent.setup();
    const api = mockShippingApi();
    const button = renderButton();

    let dialog = await openDialog(button);
    expect(await dialog.findByText(`No exemption on record: ${BOB} pays sales tax.`)).toBeVisible();
    // The contract's check first: nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Record exemption' }));
    expect(await dialog.findByText('Give the certificate or resale number')).toBeVisible();
    await user.type(dialog.getByLabelText('Certificate or resale number'), ' TX-RESALE-0042 ');
    await user.type(dialog.getByLabelText('Note (optional)'), 'Texas resale certificate');
    await user.click(dialog.getByRole('button', { name: 'Record exemption' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(EXEMPTION_RECORDED, {
        description: `${BOB} buys without sales tax.`,
      }),
    );
    expect(api.changes()).toEqual([
      {
        method: 'PUT',
        path: PATH,
        body: { certificate: 'TX-RESALE-0042', note: 'Texas resale certificate' },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();

    dialog = await openDialog(button);
    expect(dialog.getByText('Certificate').nextSibling).toHaveTextContent('TX-RESALE-0042');
    expect(dialog.getByText('Recorded by').nextSibling).toHaveTextContent('ada@example.com');
    expect(dialog.getByText('Since').nextSibling).toHaveTextContent('Jun 2, 2025');
    expect(dialog.getByLabelText('Certificate or resale number')).toHaveValue('TX-RESALE-0042');

    // Asked in the dialog; "Keep it" changes nothing.
    await user.click(dialog.getByRole('button', { name: 'End the exemption' }));
    expect(dialog.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(dialog.getByRole('button', { name: 'End the exemption' })).toHaveFocus();
    expect(api.changes()).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: 'End the exemption' }));
    expect(
      dialog.getByRole('group', {
        name: `End the exemption? ${BOB} pays sales tax on the orders placed from now on.`,
      }),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Yes, end it' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(EXEMPTION_ENDED, {
        description: `${BOB} pays sales tax again.`,
      }),
    );
    expect(api.changes().at(-1)).toEqual({ method: 'DELETE', path: PATH, body: undefined });
    expect(screen.queryByRole('dialog')).toBeNull();

    dialog = await openDialog(button);
    expect(await dialog.findByText(`No exemption on record: ${BOB} pays sales tax.`)).toBeVisible();
  });

  it("shows the server's refusal in the dialog, and Escape closes it", async () => {
    const user = userEvent.setup();
    mockShippingApi({
      refuse: (call) =>
        call.method === 'PUT'
          ? apiError(422, 'Certificate: use the number on the form')
          : undefined,
    });
    const button = renderButton();
    const dialog = await openDialog(button);
    await user.type(await dialog.findByLabelText('Certificate or resale number'), 'TX-1{Enter}');
    expect(await dialog.findByText('Certificate: use the number on the form')).toBeVisible();
    expect(dialog.getByText(EXEMPTION_FAILED)).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith(EXEMPTION_FAILED, {
      description: 'Certificate: use the number on the form',
    });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('says when the exemption could not be loaded', async () => {
    mockShippingApi({
      refuse: (call) => (call.method === 'GET' ? apiError(500, 'boom') : undefined),
    });
    const dialog = await openDialog(renderButton());
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'We could not load the tax exemption.',
    );
  });
});
