import type { Part } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartsSection } from './parts-section.tsx';

function makePart(n: number): Part {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sku: `PS-GEN-${String(n).padStart(6, '0')}`,
    name: `Part ${n}`,
    image: `/uploads/part-${n}.webp`,
    description: `Description of part ${n}`,
    price: 10 + n,
    availableQuantity: 100,
    minOrderQuantity: 1,
    priceBreaks: [],
  };
}

function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PartsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('PartsSection', () => {
  it('shows the headings and a spinner, then the cards', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse([makePart(1), makePart(2)], { headers: { 'x-total-count': '2' } }),
    );
    renderSection();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Available Parts in Our Stocks' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Collect Your Favourite Tools')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading parts');

    expect(await screen.findByRole('heading', { name: 'Part 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Part 2' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 parts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more parts' })).not.toBeInTheDocument();
    expect(document.getElementById('parts')).toHaveAttribute('aria-labelledby', 'parts-heading');
  });

  it('fetches the next page with the cursor when Show more parts is pressed', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('cursor=42')) {
        return jsonResponse([makePart(3)], { headers: { 'x-total-count': '3' } });
      }
      return jsonResponse([makePart(1), makePart(2)], {
        headers: { 'x-total-count': '3', 'x-next-cursor': '42' },
      });
    });
    const user = userEvent.setup();
    renderSection();

    const more = await screen.findByRole('button', { name: 'Show more parts' });
    expect(screen.getByText('Showing 2 of 3 parts')).toBeInTheDocument();
    await user.click(more);

    expect(await screen.findByRole('heading', { name: 'Part 3' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/allParts');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/allParts?cursor=42');
    expect(screen.getAllByRole('link', { name: 'Add To Cart' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more parts' })).not.toBeInTheDocument();
  });

  it('disables the button and shows its own pending state while the next page loads', async () => {
    let release: (r: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('cursor=')) {
        return new Promise<Response>((resolve) => (release = resolve));
      }
      return jsonResponse([makePart(1)], {
        headers: { 'x-total-count': '2', 'x-next-cursor': '7' },
      });
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Show more parts' }));

    const pending = screen.getByRole('button', { name: 'Loading more parts…' });
    expect(pending).toBeDisabled();
    // The cards already shown stay on screen.
    expect(screen.getByRole('heading', { name: 'Part 1' })).toBeInTheDocument();

    release(jsonResponse([makePart(2)], { headers: { 'x-total-count': '2' } }));
    expect(await screen.findByRole('heading', { name: 'Part 2' })).toBeInTheDocument();
  });

  it('shows the server message and a Retry button that asks again', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        jsonResponse(
          { statusCode: 503, error: 'Service Unavailable', message: 'down' },
          { status: 503 },
        ),
      )
      .mockResolvedValueOnce(jsonResponse([makePart(1)], { headers: { 'x-total-count': '1' } }));
    const user = userEvent.setup();
    renderSection();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the parts.');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Part 1' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows an empty state when nothing is in stock', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse([], { headers: { 'x-total-count': '0' } }),
    );
    renderSection();
    expect(await screen.findByText('No parts in stock right now…')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
