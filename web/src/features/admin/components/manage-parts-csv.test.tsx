import type { CatalogueImportAnswer } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api.ts';
import { CatalogueCsv } from './catalogue-csv.tsx';

const CSV =
  'sku,name,description,image,price,availableQuantity,minOrderQuantity\r\n' +
  'CBL-TEST-1,Cable Tester,"Tests every pin, of every cable.",/images/parts/tool-driver-kit.svg,24.50,40,1\r\n';

const answer = (
  figures: Partial<CatalogueImportAnswer> = {},
  dryRun = true,
): CatalogueImportAnswer => ({
  acknowledged: true,
  dryRun,
  created: 12,
  updated: 3,
  unchanged: 40,
  insertedCount: dryRun ? 0 : (figures.created ?? 12),
  errors: [],
  ...figures,
});

type Answer = Response | Promise<Response>;

/**
 * The import as the shop answers it: the dry run by `preview`, the import by `commit`. Records
 * each request (the other tests' mock API reads bodies as JSON; these are CSV).
 */
function mockImport(preview: () => Answer, commit: () => Answer = () => json(answer({}, false))) {
  const requests: { dryRun: boolean; body: string; contentType: string | null }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/parts/import' || init?.method !== 'POST')
      return apiError(404, `No mock for ${url.pathname}`);
    const dryRun = url.searchParams.get('dryRun') === 'true';
    requests.push({
      dryRun,
      body: String(init.body),
      contentType: new Headers(init.headers).get('content-type'),
    });
    return dryRun ? preview() : commit();
  });
  return requests;
}

function renderCsv() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // A list of the catalogue's, to see the import refresh it.
  client.setQueryData(['allParts', 'admin'], { pages: [], pageParams: [] });
  render(
    <QueryClientProvider client={client}>
      <CatalogueCsv />
    </QueryClientProvider>,
  );
  return client;
}

async function chooseAndCheck(file = new File([CSV], 'parts.csv', { type: 'text/csv' })) {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file to import'), file);
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  return user;
}

const status = () => document.querySelector('[aria-live="polite"]')!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CatalogueCsv: the catalogue as CSV on Manage Products', () => {
  it('links to the export, which the browser downloads', () => {
    mockImport(() => json(answer()));
    renderCsv();
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/parts/export.csv');
    expect(link).toHaveAttribute('download');
  });

  it('checks the file first (a dry run), shows what it would do, and imports it when asked', async () => {
    let previewed!: (res: Response) => void;
    const requests = mockImport(() => new Promise<Response>((resolve) => (previewed = resolve)));
    const client = renderCsv();
    const user = await chooseAndCheck();

    const button = screen.getByRole('button', { name: 'Import CSV' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button.querySelector('.spinner')).not.toBeNull();
    expect(status()).toHaveTextContent('Checking parts.csv…');
    expect(requests).toEqual([{ dryRun: true, body: CSV, contentType: 'text/csv' }]);

    previewed(json(answer()));
    const preview = await screen.findByRole('region', { name: 'Preview: parts.csv' });
    expect(within(preview).getByText('12 new, 3 changed, 40 unchanged')).toBeInTheDocument();
    expect(preview).toHaveTextContent(
      'Import 12 new parts and change 3 parts? Parts not in the file stay as they are.',
    );
    expect(status()).toHaveTextContent('parts.csv: 12 new, 3 changed, 40 unchanged');
    // Nothing is imported before the admin says so.
    expect(requests).toHaveLength(1);
    expect(within(preview).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(within(preview).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('Imported parts.csv: 12 new, 3 changed, 40 unchanged'),
    );
    // The same text, now for real.
    expect(requests).toEqual([
      { dryRun: true, body: CSV, contentType: 'text/csv' },
      { dryRun: false, body: CSV, contentType: 'text/csv' },
    ]);
    expect(screen.queryByRole('region', { name: 'Preview: parts.csv' })).toBeNull();
    // Ready for another file, the focus where the admin chooses it; the lists refreshed.
    expect(screen.getByLabelText('CSV file to import')).toHaveFocus();
    expect(client.getQueryState(['allParts', 'admin'])!.isInvalidated).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first.');
  });

  it('imports nothing when the admin cancels the preview', async () => {
    const requests = mockImport(() => json(answer()));
    const client = renderCsv();
    const user = await chooseAndCheck();
    const preview = await screen.findByRole('region', { name: 'Preview: parts.csv' });
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('region', { name: 'Preview: parts.csv' })).toBeNull();
    expect(status()).toHaveTextContent('Import cancelled: nothing was changed.');
    expect(screen.getByLabelText('CSV file to import')).toHaveFocus();
    expect(requests.map((r) => r.dryRun)).toEqual([true]);
    expect(client.getQueryState(['allParts', 'admin'])!.isInvalidated).toBe(false);
  });

  it("lists a file's problems by line and column, and offers no import", async () => {
    const requests = mockImport(() =>
      json(
        answer({
          created: 1,
          updated: 2,
          unchanged: 5,
          errors: [
            {
              line: 3,
              column: 'price',
              message: 'The price must be a number of dollars, such as 9.00',
            },
            { line: 3, column: 'listed', message: 'Listed is yes or no, not "maybe"' },
            { line: 7, message: 'This line has 2 fields; the header has 13' },
          ],
        }),
      ),
    );
    renderCsv();
    const user = await chooseAndCheck();
    const preview = await screen.findByRole('region', { name: 'Preview: parts.csv' });
    expect(within(preview).getByText('1 new, 2 changed, 5 unchanged')).toBeInTheDocument();
    expect(preview).toHaveTextContent(
      '2 lines of the file have problems: fix them and choose the file again. Nothing was imported.',
    );
    const table = within(preview).getByRole('table', { name: 'Problems in the file' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .getAllByRole(row.closest('thead') ? 'columnheader' : 'cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['Line', 'Column', 'Problem'],
      ['3', 'price', 'The price must be a number of dollars, such as 9.00'],
      ['3', 'listed', 'Listed is yes or no, not "maybe"'],
      ['7', '—', 'This line has 2 fields; the header has 13'],
    ]);
    expect(status()).toHaveTextContent('parts.csv: 1 new, 2 changed, 5 unchanged, 3 problems');
    expect(within(preview).queryByRole('button', { name: 'Import' })).toBeNull();
    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('says when the file changes nothing, and offers no import', async () => {
    mockImport(() => json(answer({ created: 0, updated: 0, unchanged: 55 })));
    renderCsv();
    await chooseAndCheck();
    const preview = await screen.findByRole('region', { name: 'Preview: parts.csv' });
    expect(preview).toHaveTextContent(
      'Nothing to import: every part in the file is as it is in the shop.',
    );
    expect(within(preview).queryByRole('button', { name: 'Import' })).toBeNull();
    expect(within(preview).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('shows the problems of an import refused after its preview (a part changed meanwhile)', async () => {
    mockImport(
      () => json(answer()),
      () =>
        json(
          {
            statusCode: 422,
            error: 'Unprocessable Entity',
            message: 'One line has problems: nothing was imported.',
            errors: [{ line: 4, column: 'sku', message: 'That part number is a deleted part’s.' }],
          },
          422,
        ),
    );
    renderCsv();
    const user = await chooseAndCheck();
    const preview = await screen.findByRole('region', { name: 'Preview: parts.csv' });
    await user.click(within(preview).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'One line has problems: nothing was imported.',
    );
    const table = screen.getByRole('table', { name: 'Problems in the file' });
    expect(within(table).getByText('That part number is a deleted part’s.')).toBeInTheDocument();
    expect(status()).not.toHaveTextContent(/Imported/);
  });

  it('asks for a file when none is chosen, and says when it is too large', async () => {
    const requests = mockImport(() => apiError(413, 'Request body is too large'));
    renderCsv();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first.');
    const input = screen.getByLabelText('CSV file to import');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);

    // Larger than the shop takes: said before anything is sent.
    const huge = new File([CSV], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(input, huge);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file is too large: at most 20 MB.');
    expect(requests).toHaveLength(0);

    // The shop's own limit says the same.
    await user.upload(input, new File([CSV], 'big.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large: at most 20 MB.',
    );
    expect(screen.queryByRole('region', { name: /^Preview/ })).toBeNull();
  });
});
