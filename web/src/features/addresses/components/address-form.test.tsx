import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api.ts';
import { ADDRESS_SAVED, ADDRESS_UPDATED, AddressForm } from './address-form.tsx';
import {
  DOCK_ID,
  HOME_ID,
  NEW_ID,
  companyAnswer,
  receivingDock,
  fillUsAddress,
  home,
  renderWithApi,
  usAddressBody,
} from './addresses.testing.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

const save = () => screen.getByRole('button', { name: 'Save address' });

describe('AddressForm', () => {
  it('labels every field, tells the browser what each holds and starts in the US', async () => {
    renderWithApi(<AddressForm onSaved={vi.fn()} />, {});
    expect(screen.getByRole('status')).toHaveTextContent('Loading the address form');
    const country = await screen.findByLabelText('Country');
    expect(country).toHaveValue('US');
    expect(country).toHaveAttribute('autocomplete', 'country');
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Canada', 'Germany', 'United States']);
    const fields: [string, string, number | null][] = [
      ['Full name', 'name', 100],
      ['Company (optional)', 'organization', 100],
      ['Street address', 'address-line1', 120],
      ['Apartment, suite, unit (optional)', 'address-line2', 120],
      ['City', 'address-level2', 80],
      ['State', 'address-level1', null],
      ['ZIP code', 'postal-code', 16],
      ['Phone number', 'tel', 30],
      ['Tax ID / VAT number (optional)', 'off', 20],
    ];
    for (const [label, autocomplete, maxLength] of fields) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('autocomplete', autocomplete);
      if (maxLength) expect(field, label).toHaveAttribute('maxlength', String(maxLength));
    }
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Make this my default address')).not.toBeChecked();
    // No Cancel without onCancel.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('requires the name, street, city, state, ZIP code and phone, and sends nothing', async () => {
    const { api } = renderWithApi(<AddressForm onSaved={vi.fn()} />, {});
    const user = userEvent.setup();
    await screen.findByLabelText('Full name');
    await user.click(save());
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name is Required');
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Street address')).toHaveAccessibleDescription(
      'Street address is Required',
    );
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is Required');
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('State is Required');
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(
      'Postal code is Required',
    );
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Phone number is Required For the carrier, if they need to reach you about the delivery.',
    );
    expect(screen.getByLabelText('Company (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(api.callsTo('POST', '/api/addresses')).toHaveLength(0);
  });

  it('offers the regions of the chosen country, named as that country names them', async () => {
    renderWithApi(<AddressForm onSaved={vi.fn()} />, {});
    const user = userEvent.setup();
    const state = await screen.findByLabelText('State');
    expect(state.tagName).toBe('SELECT');
    expect(state).toBeRequired();
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a state', 'California', 'Illinois', 'Texas']);
    await user.selectOptions(state, 'Texas');

    await user.selectOptions(screen.getByLabelText('Country'), 'Canada');
    const province = screen.getByLabelText('Province');
    expect(
      within(province)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a province', 'Ontario', 'Quebec']);
    // Texas is no province of Canada: the choice starts again.
    expect(province).toHaveValue('');
    expect(screen.getByLabelText('Postal code')).toBeInTheDocument();
    expect(screen.queryByLabelText('ZIP code')).toBeNull();

    // Germany has no regions to pick: no field for one.
    await user.selectOptions(screen.getByLabelText('Country'), 'Germany');
    expect(screen.queryByLabelText(/State|Province|Region/)).toBeNull();
  });

  it('saves a new address, trimmed, and hands back its id', async () => {
    const onSaved = vi.fn();
    const { api } = renderWithApi(<AddressForm onSaved={onSaved} />, {
      'POST /api/addresses': () => json({ acknowledged: true, insertedId: NEW_ID }),
      'GET /api/addresses': () => json([home]),
    });
    const user = userEvent.setup();
    await fillUsAddress(user);
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    expect(api.callsTo('POST', '/api/addresses').map((call) => call.body)).toEqual([usAddressBody]);
    expect(toast.success).toHaveBeenCalledWith(ADDRESS_SAVED);
  });

  it('saves a German address without a region, with its company, VAT number and default', async () => {
    const { api } = renderWithApi(<AddressForm onSaved={vi.fn()} />, {
      'POST /api/addresses': () => json({ acknowledged: true, insertedId: NEW_ID }),
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Country'), 'Germany');
    await user.type(screen.getByLabelText('Full name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Company (optional)'), 'Doe Workstations GmbH');
    await user.type(screen.getByLabelText('Street address'), 'Werkstraße 5');
    await user.type(screen.getByLabelText('Apartment, suite, unit (optional)'), 'Hof 2');
    await user.type(screen.getByLabelText('City'), 'Berlin');
    await user.type(screen.getByLabelText('Postal code'), '10115');
    await user.type(screen.getByLabelText('Phone number'), '+49 30 1234567');
    await user.type(screen.getByLabelText('Tax ID / VAT number (optional)'), 'DE123456789');
    await user.click(screen.getByLabelText('Make this my default address'));
    await user.click(save());
    await waitFor(() => expect(api.callsTo('POST', '/api/addresses')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/addresses')[0]?.body).toEqual({
      name: 'Jane Doe',
      company: 'Doe Workstations GmbH',
      line1: 'Werkstraße 5',
      line2: 'Hof 2',
      city: 'Berlin',
      region: null,
      postalCode: '10115',
      country: 'DE',
      phone: '+49 30 1234567',
      taxId: 'DE123456789',
      isDefault: true,
    });
  });

  it("shows the server's refusal under the field it names, and focuses that field", async () => {
    const onSaved = vi.fn();
    renderWithApi(<AddressForm onSaved={onSaved} />, {
      'POST /api/addresses': () =>
        apiError(422, '78701x is not a valid ZIP code in the United States.', 'Unprocessable'),
    });
    const user = userEvent.setup();
    await fillUsAddress(user);
    await user.type(screen.getByLabelText('ZIP code'), 'x');
    await user.click(save());
    const zip = screen.getByLabelText('ZIP code');
    await waitFor(() =>
      expect(zip).toHaveAccessibleDescription(
        '78701x is not a valid ZIP code in the United States.',
      ),
    );
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('names the field from the schema check or the answer, else shows the message above', async () => {
    let answer = () => apiError(400, 'Invalid phone number (body field "phone")', 'Bad Request');
    renderWithApi(<AddressForm onSaved={vi.fn()} />, {
      'POST /api/addresses': () => answer(),
    });
    const user = userEvent.setup();
    await fillUsAddress(user);
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true'),
    );

    answer = () =>
      json(
        {
          statusCode: 422,
          error: 'Unprocessable',
          message: 'Not a number we can call.',
          field: 'city',
        },
        422,
      );
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('City')).toHaveAccessibleDescription(
        'Not a number we can call.',
      ),
    );

    answer = () => apiError(422, 'Your address book is full: 20 addresses at most.');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your address book is full: 20 addresses at most.',
    );
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
  });

  it('is busy while it saves', async () => {
    let finish: (response: Response) => void = () => {};
    renderWithApi(<AddressForm onSaved={vi.fn()} onCancel={vi.fn()} />, {
      'POST /api/addresses': () => new Promise<Response>((resolve) => (finish = resolve)),
      'GET /api/addresses': () => json([]),
    });
    const user = userEvent.setup();
    await fillUsAddress(user);
    await user.click(save());
    await waitFor(() => expect(save()).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByText('Saving the address…')).toBeInTheDocument();
    finish(json({ acknowledged: true, insertedId: NEW_ID }));
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('changes a saved address with PUT, and Cancel leaves it', async () => {
    const onSaved = vi.fn();
    const onCancel = vi.fn();
    const { api } = renderWithApi(
      <AddressForm initial={home} onSaved={onSaved} onCancel={onCancel} />,
      {
        [`PUT /api/addresses/${HOME_ID}`]: (call) => json({ ...home, ...(call.body as object) }),
        'GET /api/addresses': () => json([home]),
      },
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('form', { name: 'Edit the address of Jane Doe' })).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveValue('Jane Doe');
    expect(screen.getByLabelText('State')).toHaveValue('TX');
    // The phone as people read it (the API keeps it in E.164 and reads either).
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1 512 555 0147');
    expect(screen.getByLabelText('Make this my default address')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Round Rock');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(HOME_ID));
    const { _id: _, ...fields } = home;
    expect(api.callsTo('PUT', `/api/addresses/${HOME_ID}`).map((call) => call.body)).toEqual([
      { ...fields, city: 'Round Rock', phone: '+1 512 555 0147' },
    ]);
    expect(toast.success).toHaveBeenCalledWith(ADDRESS_UPDATED);
  });

  it("lets a company's admin share a new address with its members", async () => {
    const onSaved = vi.fn();
    const { api } = renderWithApi(<AddressForm onSaved={onSaved} />, {
      'GET /api/company': () => json(companyAnswer('admin')),
      'POST /api/addresses': () => json({ acknowledged: true, insertedId: NEW_ID }),
      'GET /api/addresses': () => json([]),
    });
    const user = userEvent.setup();
    const share = await screen.findByRole('checkbox', { name: 'Share with my company' });
    expect(share).not.toBeChecked();
    expect(share).toHaveAccessibleDescription(
      'Every member of Doe Workstations can ship to it; its owner and admins can change it.',
    );
    await fillUsAddress(user);
    await user.click(share);
    // The default it may become is the company's.
    await user.click(screen.getByLabelText('Make this my company’s default address'));
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    expect(api.callsTo('POST', '/api/addresses').map((call) => call.body)).toEqual([
      { ...usAddressBody, isDefault: true, shared: true },
    ]);
  });

  it('offers a buyer of a company no sharing', async () => {
    const onSaved = vi.fn();
    const { api } = renderWithApi(<AddressForm onSaved={onSaved} />, {
      'GET /api/company': () => json(companyAnswer('buyer')),
      'POST /api/addresses': () => json({ acknowledged: true, insertedId: NEW_ID }),
      'GET /api/addresses': () => json([]),
    });
    const user = userEvent.setup();
    await fillUsAddress(user);
    await waitFor(() => expect(api.callsTo('GET', '/api/company')).toHaveLength(1));
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    expect(screen.queryByRole('checkbox', { name: 'Share with my company' })).toBeNull();
    expect(screen.getByLabelText('Make this my default address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/addresses').map((call) => call.body)).toEqual([usAddressBody]);
  });

  it("changes a company's address as its admin: no sharing to choose, the company's default", async () => {
    const onSaved = vi.fn();
    const shared = { ...receivingDock, editable: true };
    const { api } = renderWithApi(<AddressForm initial={shared} onSaved={onSaved} />, {
      [`PUT /api/addresses/${DOCK_ID}`]: (call) => json({ ...shared, ...(call.body as object) }),
      'GET /api/addresses': () => json([shared]),
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Make this my company’s default address')).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Share with my company' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(DOCK_ID));
    // Only the address's fields go back (the phone as the form shows it): not the company's marks.
    const { _id: _, companyId: _company, companyName: _name, editable: _mine, ...fields } = shared;
    expect(api.callsTo('PUT', `/api/addresses/${DOCK_ID}`).map((call) => call.body)).toEqual([
      { ...fields, phone: '+1 512 555 0100' },
    ]);
    // No GET /api/company while changing an address.
    expect(api.callsTo('GET', '/api/company')).toHaveLength(0);
  });
});
