import type { Address, Country } from '@partsmith/contract';
import type { CompanyRole } from '@partsmith/contract/companies';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { myCompany } from '../../../test/fixtures.ts';
import { json, mockApi, type Routes } from '../../../test/mock-api.ts';

// What the address book's tests share (the form's, the picker's and the page's).

export const HOME_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const WORK_ID = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
export const NEW_ID = '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';

/** A few countries as GET /api/countries answers them: sorted by name, with their regions. */
export const countries: Country[] = [
  {
    code: 'CA',
    name: 'Canada',
    regions: [
      { code: 'ON', name: 'Ontario' },
      { code: 'QC', name: 'Quebec' },
    ],
    regionRequired: true,
  },
  { code: 'DE', name: 'Germany', regions: [], regionRequired: false },
  {
    code: 'US',
    name: 'United States',
    regions: [
      { code: 'CA', name: 'California' },
      { code: 'IL', name: 'Illinois' },
      { code: 'TX', name: 'Texas' },
    ],
    regionRequired: true,
  },
];

/** Jane's default address, at home in Austin. */
export const home: Address = {
  _id: HOME_ID,
  name: 'Jane Doe',
  company: null,
  line1: '12 Foundry Lane',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+15125550147',
  taxId: null,
  isDefault: true,
};

/** Her workshop in Berlin, with a company and a VAT number. */
export const work: Address = {
  _id: WORK_ID,
  name: 'Jane Doe',
  company: 'Doe Workstations GmbH',
  line1: 'Werkstraße 5',
  line2: 'Hof 2',
  city: 'Berlin',
  region: null,
  postalCode: '10115',
  country: 'DE',
  phone: '+49301234567',
  taxId: 'DE123456789',
  isDefault: false,
};

export const DOCK_ID = 'ad4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a';
export const COMPANY_ID = 'be5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b';

/** Her company's loading bay, shared by its members; `editable` as a buyer sees it. */
export const receivingDock: Address = {
  _id: DOCK_ID,
  name: 'Loading bay',
  company: 'Doe Workstations',
  line1: '500 Congress Ave',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+15125550100',
  taxId: null,
  isDefault: true,
  companyId: COMPANY_ID,
  companyName: 'Doe Workstations',
  editable: false,
};

/** GET /api/company's answer for a member of Jane's company in `role`. */
export const companyAnswer = (role: CompanyRole) =>
  myCompany({ id: COMPANY_ID, name: 'Doe Workstations', role });

/** The countries' route, which every form needs. */
export const countriesRoute: Routes = { 'GET /api/countries': () => json(countries) };

/** Renders `ui` with a fresh query client (no retries) over the mocked API `routes`. */
export function renderWithApi(ui: ReactNode, routes: Routes) {
  const api = mockApi({ ...countriesRoute, ...routes });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { api, client, view };
}

/** Fills in a new US address (Texas) in the open form; the fields as a person types them. */
export async function fillUsAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name'), '  Jane Doe ');
  await user.type(screen.getByLabelText('Street address'), '500 Congress Ave');
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.selectOptions(screen.getByLabelText('State'), 'Texas');
  await user.type(screen.getByLabelText('ZIP code'), '78701');
  await user.type(screen.getByLabelText('Phone number'), '+1 512 555 0100');
}

/** The body the form sends for fillUsAddress. */
export const usAddressBody = {
  name: 'Jane Doe',
  company: null,
  line1: '500 Congress Ave',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1 512 555 0100',
  taxId: null,
  isDefault: false,
};
