import type { Address } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { ADDRESS_SAVED } from './address-form.tsx';
import {
  ADDRESS_DELETED,
  ADDRESSES_TITLE,
  AddressBookPage,
  DEFAULT_CHANGED,
  DELETE_FAILED,
  NO_ADDRESSES,
  deleteAddressText,
} from './address-book-page.tsx';
import {
  DOCK_ID,
  HOME_ID,
  NEW_ID,
  WORK_ID,
  receivingDock,
  fillUsAddress,
  home,
  renderWithApi,
  usAddressBody,
  work,
} from './addresses.testing.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({ confirmDialog: vi.fn(async () => true) }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

/** The book as the mocked API keeps it: POST adds, PUT replaces (one default), DELETE removes. */
function book(start: Address[]) {
  let addresses = start;
  const put =
    (id: string) =>
    ({ body }: { body: unknown }) => {
      const changed = { ...(body as Omit<Address, '_id'>), _id: id };
      addresses = addresses.map((address) =>
        address._id === id
          ? changed
          : { ...address, isDefault: changed.isDefault ? false : address.isDefault },
      );
      return json(changed);
    };
  return {
    'GET /api/addresses': () => json(addresses),
    'POST /api/addresses': ({ body }: { body: unknown }) => {
      addresses = [...addresses, { ...(body as Omit<Address, '_id'>), _id: NEW_ID }];
      return json({ acknowledged: true, insertedId: NEW_ID });
    },
    [`PUT /api/addresses/${HOME_ID}`]: put(HOME_ID),
    [`PUT /api/addresses/${WORK_ID}`]: put(WORK_ID),
    [`DELETE /api/addresses/${WORK_ID}`]: () => {
      addresses = addresses.filter((address) => address._id !== WORK_ID);
      return json({ acknowledged: true, deletedCount: 1 });
    },
    [`DELETE /api/addresses/${DOCK_ID}`]: () => {
      addresses = addresses.filter((address) => address._id !== DOCK_ID);
      return json({ acknowledged: true, deletedCount: 1 });
    },
  };
}

const card = (name: string) => within(screen.getByRole('listitem', { name }));

describe('AddressBookPage', () => {
  it('says when the book is empty and adds the first address there', async () => {
    const { api } = renderWithApi(<AddressBookPage />, book([]));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your addresses');
    await waitFor(() => expect(document.title).toBe(ADDRESSES_TITLE));
    expect(screen.getByRole('heading', { level: 1, name: 'Your addresses' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: NO_ADDRESSES })).toBeVisible();

    const user = userEvent.setup();
    await fillUsAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(
      await screen.findByRole('listitem', { name: 'Jane Doe, 500 Congress Ave' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: NO_ADDRESSES })).toBeNull();
    expect(api.callsTo('POST', '/api/addresses').map((call) => call.body)).toEqual([usAddressBody]);
    expect(toast.success).toHaveBeenCalledWith(ADDRESS_SAVED);
  });

  it('shows each address with its phone, tax ID and the default mark', async () => {
    renderWithApi(<AddressBookPage />, book([home, work]));
    const homeCard = await screen.findByRole('listitem', { name: 'Jane Doe, 12 Foundry Lane' });
    // The country by its name once the list of countries is in.
    expect(await within(homeCard).findByText('United States')).toBeVisible();
    expect(homeCard).toHaveTextContent(/^Jane Doe 12 Foundry Lane Austin, TX 78701 United States/);
    expect(within(homeCard).getByText('Default')).toBeVisible();
    expect(within(homeCard).getByText('Phone:').nextElementSibling).toHaveTextContent(
      '+1 512 555 0147',
    );
    expect(within(homeCard).queryByText('Tax ID:')).toBeNull();
    expect(within(homeCard).queryByRole('button', { name: /^Make default/ })).toBeNull();

    const workCard = card('Jane Doe, Werkstraße 5');
    expect(workCard.getByText('Doe Workstations GmbH')).toBeVisible();
    expect(workCard.getByText('Berlin, 10115')).toBeVisible();
    expect(workCard.getByText('Germany')).toBeVisible();
    expect(workCard.getByText('Tax ID:').nextElementSibling).toHaveTextContent('DE123456789');
    expect(workCard.queryByText('Default')).toBeNull();
    expect(screen.getByText('2 saved addresses')).toBeVisible();
  });

  it('deletes an address after the confirmation, and not without it', async () => {
    const { api } = renderWithApi(<AddressBookPage />, book([home, work]));
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Delete Jane Doe, Werkstraße 5' });

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(remove);
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledWith(deleteAddressText(work)));
    expect(api.callsTo('DELETE', `/api/addresses/${WORK_ID}`)).toHaveLength(0);

    await user.click(remove);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Jane Doe, Werkstraße 5' })).toBeNull(),
    );
    expect(api.callsTo('DELETE', `/api/addresses/${WORK_ID}`)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(ADDRESS_DELETED);
    expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus();
    expect(screen.getByText('1 saved address')).toBeVisible();
  });

  it('says why a delete failed and keeps the address', async () => {
    renderWithApi(<AddressBookPage />, {
      ...book([home, work]),
      [`DELETE /api/addresses/${WORK_ID}`]: () => apiError(404, 'No such address.', 'Not Found'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Jane Doe, Werkstraße 5' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(DELETE_FAILED, { description: 'No such address.' }),
    );
    expect(screen.getByRole('listitem', { name: 'Jane Doe, Werkstraße 5' })).toBeVisible();
  });

  it('makes another address the default', async () => {
    const { api } = renderWithApi(<AddressBookPage />, book([home, work]));
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Make default Jane Doe, Werkstraße 5' }),
    );
    await waitFor(() => expect(card('Jane Doe, Werkstraße 5').getByText('Default')).toBeVisible());
    expect(card('Jane Doe, 12 Foundry Lane').queryByText('Default')).toBeNull();
    const { _id: _, ...fields } = work;
    expect(api.callsTo('PUT', `/api/addresses/${WORK_ID}`).map((call) => call.body)).toEqual([
      { ...fields, isDefault: true },
    ]);
    expect(toast.success).toHaveBeenCalledWith(DEFAULT_CHANGED);
  });

  it('edits an address in place and gives the focus back to its Edit button', async () => {
    renderWithApi(<AddressBookPage />, book([home, work]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Jane Doe, 12 Foundry Lane' }));
    const form = screen.getByRole('form', { name: 'Edit the address of Jane Doe' });
    const city = await within(form).findByLabelText('City');
    expect(within(form).getByLabelText('Full name')).toHaveFocus();
    await user.clear(city);
    await user.type(city, 'Round Rock');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(card('Jane Doe, 12 Foundry Lane').getByText('Round Rock, TX 78701')).toBeVisible(),
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Jane Doe, 12 Foundry Lane' })).toHaveFocus();
  });

  it('opens the form from Add an address, and Cancel closes it', async () => {
    renderWithApi(<AddressBookPage />, book([home]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    expect(await screen.findByLabelText('Full name')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Add an address' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus();
  });

  it('offers to try again when the book cannot be loaded', async () => {
    let fail = true;
    renderWithApi(<AddressBookPage />, {
      'GET /api/addresses': () =>
        fail ? apiError(500, 'boom', 'Internal Server Error') : json([home]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your addresses.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('listitem', { name: 'Jane Doe, 12 Foundry Lane' }),
    ).toBeVisible();
  });

  it("shows the company's addresses in their own group, read-only for a buyer", async () => {
    renderWithApi(<AddressBookPage />, book([home, receivingDock]));
    const group = within(
      await screen.findByRole('list', { name: 'Company addresses: Doe Workstations' }),
    );
    const dockCard = within(group.getByRole('listitem', { name: 'Loading bay, 500 Congress Ave' }));
    expect(dockCard.getByText('Company default')).toBeVisible();
    expect(
      dockCard.getByText('Shared by Doe Workstations: its owner and admins can change it.'),
    ).toBeVisible();
    expect(dockCard.queryByRole('button')).toBeNull();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Company addresses: Doe Workstations' }),
    ).toBeVisible();
    // The customer's own book is apart, and counts only their own.
    const own = within(screen.getByRole('list', { name: 'Your saved addresses' }));
    expect(own.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 saved address')).toBeVisible();
  });

  it("lets the company's admin change and delete its address, and says it goes for all", async () => {
    const shared = { ...receivingDock, isDefault: false, editable: true };
    const { api } = renderWithApi(<AddressBookPage />, book([shared]));
    const user = userEvent.setup();
    expect(await screen.findByText('No saved addresses of your own yet')).toBeVisible();
    const dockCard = card('Loading bay, 500 Congress Ave');
    expect(
      dockCard.getByRole('button', { name: 'Edit Loading bay, 500 Congress Ave' }),
    ).toBeVisible();
    await user.click(
      dockCard.getByRole('button', {
        name: 'Make default Loading bay, 500 Congress Ave',
      }),
    );
    await waitFor(() => expect(api.callsTo('PUT', `/api/addresses/${DOCK_ID}`)).toHaveLength(1));
    // The company's marks do not go back to the server.
    const { _id: _, companyId: _company, companyName: _name, editable: _mine, ...fields } = shared;
    expect(api.callsTo('PUT', `/api/addresses/${DOCK_ID}`)[0]!.body).toEqual({
      ...fields,
      isDefault: true,
    });
    expect(deleteAddressText(shared)).toBe(
      'Loading bay, 500 Congress Ave leaves the addresses of Doe Workstations, for all its members. Orders already placed keep their copy.',
    );
    await user.click(
      await screen.findByRole('button', {
        name: 'Delete Loading bay, 500 Congress Ave',
      }),
    );
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledWith(deleteAddressText(shared)));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/addresses/${DOCK_ID}`)).toHaveLength(1));
  });
});
