import type { Address } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/mock-api.ts';
import { AddressPicker, SAVED_TO_BOOK } from './address-picker.tsx';
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

afterEach(() => {
  vi.restoreAllMocks();
  placeOrder.mockClear();
});

/** What the order's form around the picker does when submitted (it must not be, by the picker). */
const placeOrder = vi.fn();

/**
 * The picker as the checkout holds it: inside the order's form, the chosen id in its state;
 * `onSelect` sees every choice.
 */
function Picker({
  onSelect,
  start = null,
}: {
  onSelect: (id: string | null) => void;
  start?: string | null;
}) {
  const [selectedId, setSelectedId] = useState<string | null>(start);
  return (
    <form
      aria-label="Check out"
      onSubmit={(event) => {
        event.preventDefault();
        placeOrder();
      }}
    >
      <AddressPicker
        selectedId={selectedId}
        onSelect={(id) => {
          onSelect(id);
          setSelectedId(id);
        }}
      />
      <button type="submit">Place the order</button>
    </form>
  );
}

/** A book kept by the mocked API: POST adds to it, PUT changes an entry. */
function book(start: Address[]) {
  let addresses = start;
  return {
    'GET /api/addresses': () => json(addresses),
    'POST /api/addresses': ({ body }: { body: unknown }) => {
      addresses = [...addresses, { ...(body as Omit<Address, '_id'>), _id: NEW_ID }];
      return json({ acknowledged: true, insertedId: NEW_ID });
    },
    [`PUT /api/addresses/${WORK_ID}`]: ({ body }: { body: unknown }) => {
      const changed = { ...(body as Omit<Address, '_id'>), _id: WORK_ID };
      addresses = addresses.map((address) => (address._id === WORK_ID ? changed : address));
      return json(changed);
    },
  };
}

const group = () => within(screen.getByRole('group', { name: 'Ship to' }));

describe('AddressPicker', () => {
  it('offers the addresses as radios and chooses the default when nothing is chosen', async () => {
    const onSelect = vi.fn();
    renderWithApi(<Picker onSelect={onSelect} />, book([work, home]));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your addresses');
    const homeRadio = await screen.findByRole('radio', { name: /12 Foundry Lane/ });
    await waitFor(() => expect(homeRadio).toBeChecked());
    expect(onSelect.mock.calls).toEqual([[HOME_ID]]);
    const workRadio = group().getByRole('radio', { name: /Werkstraße 5/ });
    expect(workRadio).not.toBeChecked();
    // Each option reads as the address's lines, the country by its name.
    await waitFor(() =>
      expect(homeRadio).toHaveAccessibleName(
        'Jane Doe 12 Foundry Lane Austin, TX 78701 United States Default',
      ),
    );
    expect(workRadio).toHaveAccessibleName(
      'Jane Doe Doe Workstations GmbH Werkstraße 5 Hof 2 Berlin, 10115 Germany',
    );

    // The keyboard moves the choice as in any radio group; a click too.
    const user = userEvent.setup();
    homeRadio.focus();
    await user.keyboard('{ArrowUp}');
    expect(workRadio).toBeChecked();
    expect(workRadio).toHaveFocus();
    expect(onSelect).toHaveBeenLastCalledWith(WORK_ID);
    await user.click(screen.getByText('12 Foundry Lane'));
    expect(homeRadio).toBeChecked();
    expect(onSelect).toHaveBeenLastCalledWith(HOME_ID);
  });

  it('keeps the choice it was given', async () => {
    const onSelect = vi.fn();
    renderWithApi(<Picker onSelect={onSelect} start={WORK_ID} />, book([home, work]));
    expect(await screen.findByRole('radio', { name: /Werkstraße 5/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /12 Foundry Lane/ })).not.toBeChecked();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('adds a new address, saved to the book, and chooses it', async () => {
    const onSelect = vi.fn();
    const { api } = renderWithApi(<Picker onSelect={onSelect} />, book([home]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    expect(await screen.findByLabelText('Full name')).toHaveFocus();
    await fillUsAddress(user);
    // Enter in a field saves the address, as in a form of its own; the order is not placed.
    await user.type(screen.getByLabelText('Phone number'), '{Enter}');

    const added = await screen.findByRole('radio', { name: /500 Congress Ave/ });
    expect(added).toBeChecked();
    expect(added).toHaveFocus();
    expect(placeOrder).not.toHaveBeenCalled();
    expect(onSelect).toHaveBeenLastCalledWith(NEW_ID);
    expect(screen.getByRole('radio', { name: /12 Foundry Lane/ })).not.toBeChecked();
    expect(api.callsTo('POST', '/api/addresses').map((call) => call.body)).toEqual([usAddressBody]);
    expect(screen.queryByRole('group', { name: 'New address' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a new address' })).toBeVisible();
  });

  it('puts the focus back on Add when the new address is cancelled', async () => {
    renderWithApi(<Picker onSelect={vi.fn()} />, book([home]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus();
  });

  it('changes an address in place and keeps the choice', async () => {
    const onSelect = vi.fn();
    const { api } = renderWithApi(<Picker onSelect={onSelect} />, book([home, work]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Jane Doe, Werkstraße 5' }));
    const form = screen.getByRole('group', { name: 'Edit the address of Jane Doe' });
    const line2 = await within(form).findByLabelText('Apartment, suite, unit (optional)');
    await user.clear(line2);
    await user.type(line2, 'Hof 3');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('radio', { name: /Hof 3/ })).not.toBeChecked();
    expect(placeOrder).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /12 Foundry Lane/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Edit Jane Doe, Werkstraße 5' })).toHaveFocus();
    expect(api.callsTo('PUT', `/api/addresses/${WORK_ID}`)).toHaveLength(1);
    expect(onSelect.mock.calls).toEqual([[HOME_ID]]);
  });

  it('opens the form at once for an empty book and chooses the address saved', async () => {
    const onSelect = vi.fn();
    renderWithApi(<Picker onSelect={onSelect} />, book([]));
    expect(await screen.findByText(SAVED_TO_BOOK)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ship to' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const user = userEvent.setup();
    await fillUsAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    const added = await screen.findByRole('radio', { name: /500 Congress Ave/ });
    expect(added).toBeChecked();
    expect(onSelect.mock.calls).toEqual([[NEW_ID]]);
    expect(placeOrder).not.toHaveBeenCalled();
    expect(screen.queryByText(SAVED_TO_BOOK)).toBeNull();
  });

  it("offers the company's addresses in their own group, chosen like any, edited by its admins only", async () => {
    const onSelect = vi.fn();
    renderWithApi(
      <Picker onSelect={onSelect} />,
      book([home, receivingDock, { ...work, ...shared(WORK_ID) }]),
    );
    const homeRadio = await screen.findByRole('radio', { name: /12 Foundry Lane/ });
    // The customer's own default is chosen first, though the company has one too.
    await waitFor(() => expect(homeRadio).toBeChecked());
    const company = within(
      screen.getByRole('list', { name: 'Company addresses: Doe Workstations' }),
    );
    const dockRadio = company.getByRole('radio', { name: /Loading bay/ });
    expect(dockRadio).toHaveAccessibleName(
      'Loading bay Doe Workstations 500 Congress Ave Austin, TX 78701 United States Company default',
    );
    expect(company.getAllByRole('radio')).toHaveLength(2);
    // One group of radios: choosing the loading bay takes the choice off home.
    await userEvent.setup().click(dockRadio);
    expect(dockRadio).toBeChecked();
    expect(homeRadio).not.toBeChecked();
    expect(onSelect).toHaveBeenLastCalledWith(DOCK_ID);
    // No Edit on a company's address the customer may not change; one they may (`editable`) has it.
    expect(company.queryByRole('button', { name: /Loading bay/ })).toBeNull();
    expect(company.getByRole('button', { name: 'Edit Jane Doe, Werkstraße 5' })).toBeVisible();
    expect(group().getByRole('button', { name: 'Edit Jane Doe, 12 Foundry Lane' })).toBeVisible();
  });

  it("chooses the company's default when the customer has no address of their own", async () => {
    const onSelect = vi.fn();
    renderWithApi(<Picker onSelect={onSelect} />, book([receivingDock]));
    expect(await screen.findByRole('radio', { name: /Loading bay/ })).toBeChecked();
    expect(onSelect.mock.calls).toEqual([[DOCK_ID]]);
    expect(screen.queryByText(SAVED_TO_BOOK)).toBeNull();
  });
});

/** The company's marks on an address, as its admin sees them (they may edit it). */
function shared(id: string): Partial<Address> {
  return {
    _id: id,
    isDefault: false,
    companyId: receivingDock.companyId,
    companyName: receivingDock.companyName,
    editable: true,
  };
}
