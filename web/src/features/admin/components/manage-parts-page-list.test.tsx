import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/mock-api.ts';
import { listOf, mockAdminApi } from './admin-test-utils.tsx';
import { dataRows, first, PATH, renderPage, rowOf, second } from './manage-parts-page.fixtures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManagePartsPage', () => {
  it('shows the whole count and a page of parts, and turns pages by cursor in the address', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === 'c2' ? listOf(second, 26) : listOf(first, 26, 'c2'),
    });
    const { router } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the parts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Parts : 26' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Manage Products | Partsmith'));
    expect(api.queries('GET', PATH)).toEqual(['?limit=25']);

    expect(screen.getByRole('table', { name: 'All parts, newest first' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Select',
      'Image',
      'Name',
      'Part no.',
      'Category',
      'Price',
      'Stock',
      'Listed',
      'Actions',
    ]);
    const one = rowOf('Forge DDR5 kit 1');
    expect(one.getByText('FRG-D5-1')).toBeInTheDocument();
    expect(one.getByText('Memory')).toBeInTheDocument();
    expect(one.getByText('$119.99')).toBeInTheDocument();
    expect(one.getByText('40')).toBeInTheDocument();
    expect(one.getByText('Listed', { selector: '.badge' })).toBeInTheDocument();
    expect(one.getByRole('presentation')).toHaveAttribute('src', expect.stringContaining('ram-1'));
    expect(one.getByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' })).toBeInTheDocument();
    expect(one.getByRole('button', { name: 'Edit part: Forge DDR5 kit 1' })).toBeInTheDocument();
    expect(one.getByRole('checkbox', { name: 'Select Forge DDR5 kit 1' })).not.toBeChecked();
    const two = rowOf('Forge DDR5 kit 2');
    expect(two.getByText('Out of stock')).toBeInTheDocument();
    expect(two.getByText('Unlisted', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 26 parts.')).toBeInTheDocument();

    const user = userEvent.setup();
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?cursor=c2');
    expect(await screen.findByText('Forge DDR5 kit 3')).toBeInTheDocument();
    expect(api.queries('GET', PATH)).toEqual(['?limit=25', '?limit=25&cursor=c2']);
    expect(dataRows()).toHaveLength(1);
    // Low: 6 is under twice the minimum order of 5; a part without a category says so.
    const three = rowOf('Forge DDR5 kit 3');
    expect(three.getByText('Low stock')).toBeInTheDocument();
    expect(three.getByText('No category')).toBeInTheDocument();
    // The focus goes to what the page shows, at the top of the new page.
    const summary = screen.getByText('Page 2: Showing 26–26 of 26 parts.');
    expect(summary).toHaveFocus();
    // The heading still counts every part.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage All Parts : 26');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Forge DDR5 kit 1')).toBeInTheDocument();
    // Back returns to page 2, which still knows its place.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?cursor=c2');
    expect(await screen.findByText('Page 2: Showing 26–26 of 26 parts.')).toBeInTheDocument();
  });

  it('opens at a shared page of the list, with the way to the first page', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === 'c2' ? listOf(second, 26) : listOf(first, 26, 'c2'),
    });
    const { router } = renderPage('/dashboard/manage-products?cursor=c2');
    expect(await screen.findByText('Forge DDR5 kit 3')).toBeInTheDocument();
    // Its place in the list is not known: no page number, no Previous.
    expect(screen.getByText('Showing 1 of 26 parts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'First page' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Forge DDR5 kit 1')).toBeInTheDocument();
  });

  it('says when the shop has no parts at all', async () => {
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([], 0) });
    renderPage();
    expect(await screen.findByText('The catalogue is empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage All Parts : 0');
  });

  it("opens the part's editor in a row under it, and closes it back to its button", async () => {
    // The editor (edit-part-form.tsx, tested on its own) reads the part first: unanswered here,
    // it offers Cancel.
    mockAdminApi({ [`GET ${PATH}`]: () => listOf(first) });
    renderPage();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Edit part: Forge DDR5 kit 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const editor = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // In the table, in its own row right under the part's.
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    const partRow = rows.findIndex((row) => row.contains(toggle));
    expect(rows[partRow + 1]).toContainElement(editor);
    expect(rows[partRow + 1]!.querySelector('td')).toHaveAttribute('colspan', '9');

    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(editor).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(dataRows()).toHaveLength(2);
  });

  it('offers a retry when the parts cannot be loaded', async () => {
    let fail = true;
    mockAdminApi({ [`GET ${PATH}`]: () => (fail ? apiError(500, 'boom') : listOf(first)) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the parts.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Manage All Parts : 2' }),
    ).toBeInTheDocument();
  });

  it('offers the first page when the server refuses the cursor in the address', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') ? apiError(400, 'Not a valid cursor') : listOf(first),
    });
    const { router } = renderPage('/dashboard/manage-products?cursor=stale&stock=in');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not a valid cursor');
    await userEvent.setup().click(screen.getByRole('button', { name: 'First page' }));
    expect(router.state.location.search).toBe('?stock=in');
    expect(await screen.findByText('Forge DDR5 kit 1')).toBeInTheDocument();
  });
});
