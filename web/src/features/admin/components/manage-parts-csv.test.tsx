import type { Part } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api.ts';
import { pageOf, renderAdminPage } from './admin-test-utils.tsx';
import { ManagePartsPage } from './manage-parts-page.tsx';

const part: Part = {
  _id: '00000000-0000-4000-8000-000000000001',
  sku: 'FRG-D5-1',
  name: 'Forge DDR5 kit 1',
  image: '/images/parts/ram-1.svg',
  description: 'Fast memory.',
  price: 119.99,
  availableQuantity: 40,
  minOrderQuantity: 5,
  priceBreaks: [],
};

const CSV =
  'name,description,image,price,availableQuantity,minOrderQuantity\r\n' +
  'Cable Tester,"Tests every pin, of every cable.",/images/parts/tool-driver-kit.svg,24.50,40,1\r\n';

/**
 * The shop's API as these tests need it: the catalogue (`total` parts), and the import answered
 * by `answer` (the mock API of the other tests reads bodies as JSON; this one's is CSV).
 */
function mockShop(answer: () => Response | Promise<Response>) {
  let total = 1;
  const imports: { body: string; contentType: string | null }[] = [];
  const catalogue = vi.fn(() => pageOf([part], total));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/allParts') return catalogue();
    if (url.pathname === '/api/parts/import' && init?.method === 'POST') {
      imports.push({
        body: String(init.body),
        contentType: new Headers(init.headers).get('content-type'),
      });
      const res = await answer();
      if (res.ok) total += 2;
      return res;
    }
    return apiError(404, `No mock for ${url.pathname}`);
  });
  return { imports, catalogue };
}

async function chooseAndImport(file = new File([CSV], 'parts.csv', { type: 'text/csv' })) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Manage All Parts : 1' });
  await user.upload(screen.getByLabelText('CSV file to import'), file);
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManagePartsPage: the catalogue as CSV', () => {
  it('links to the export, which the browser downloads', async () => {
    mockShop(() => json({}));
    renderAdminPage(<ManagePartsPage />, '/dashboard/manage-products');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/parts/export.csv');
    expect(link).toHaveAttribute('download');
  });

  it("sends the file's text as CSV, shows a spinner, then how many parts it added", async () => {
    let answer!: (res: Response) => void;
    const shop = mockShop(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAdminPage(<ManagePartsPage />, '/dashboard/manage-products');
    await chooseAndImport();

    const button = screen.getByRole('button', { name: 'Import CSV' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button.querySelector('.spinner')).not.toBeNull();
    expect(screen.getByText('Importing parts.csv…')).toHaveAttribute('aria-live', 'polite');
    expect(shop.imports).toEqual([{ body: CSV, contentType: 'text/csv' }]);

    answer(json({ acknowledged: true, insertedCount: 2 }));
    expect(await screen.findByText('Imported 2 parts')).toHaveAttribute('aria-live', 'polite');
    expect(button).not.toHaveAttribute('aria-disabled');
    // The list shows the new count.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Parts : 3' }),
    ).toBeInTheDocument();
    expect(shop.catalogue).toHaveBeenCalledTimes(2);
  });

  it("lists a refused file's problems by line under an alert, and adds nothing", async () => {
    const shop = mockShop(() =>
      json(
        {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: '2 lines have problems: nothing was imported.',
          errors: [
            { line: 3, column: 'price', message: 'Price is Required' },
            { line: 7, message: 'This line has 2 fields; the header has 13' },
          ],
        },
        422,
      ),
    );
    renderAdminPage(<ManagePartsPage />, '/dashboard/manage-products');
    await chooseAndImport();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '2 lines have problems: nothing was imported.',
    );
    const list = screen.getByRole('list', { name: 'Problems in the file' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3, price: Price is Required',
      'Line 7: This line has 2 fields; the header has 13',
    ]);
    expect(screen.queryByText(/^Imported/)).toBeNull();
    expect(shop.catalogue).toHaveBeenCalledTimes(1);
  });

  it('says so when the file is too large, and asks for a file when none is chosen', async () => {
    const shop = mockShop(() => apiError(413, 'Request body is too large'));
    renderAdminPage(<ManagePartsPage />, '/dashboard/manage-products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first.');
    expect(screen.getByLabelText('CSV file to import')).toHaveAttribute('aria-invalid', 'true');
    expect(shop.imports).toHaveLength(0);

    await user.upload(
      screen.getByLabelText('CSV file to import'),
      new File([CSV], 'big.csv', { type: 'text/csv' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large: at most 20 MB.',
    );
    expect(screen.queryByRole('list', { name: 'Problems in the file' })).toBeNull();
  });
});
