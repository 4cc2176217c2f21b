import type { Review } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewsSection } from './reviews-section.tsx';

/** A controllable IntersectionObserver: `show()` reports the observed element as visible. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  elements: Element[] = [];
  disconnected = false;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  static show() {
    for (const observer of FakeIntersectionObserver.instances.filter((o) => !o.disconnected)) {
      const entries = observer.elements.map(
        (target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry,
      );
      act(() => observer.callback(entries, observer as unknown as IntersectionObserver));
    }
  }
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
    })),
  );
}

const reviews: Review[] = [
  {
    _id: '11111111-1111-4111-8111-111111111111',
    name: 'Ana Ruiz',
    image: '/uploads/ana.webp',
    type: 'System builder, Madrid',
    rating: 5,
  },
  {
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'Tom Berg',
    image: '/uploads/tom.webp',
    type: 'IT manager',
    rating: 2,
  },
  {
    _id: '33333333-3333-4333-8333-333333333333',
    name: 'Mei Chen',
    image: '/uploads/mei.webp',
    type: 'Repair shop owner',
    rating: 4,
  },
  {
    _id: '44444444-4444-4444-8444-444444444444',
    name: 'Raj Patel',
    image: '/uploads/raj.webp',
    type: 'Gamer',
    rating: 3,
  },
];

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReviewsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  stubReducedMotion(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReviewsSection', () => {
  it('shows the heading and subtitle, and fetches nothing before it is in view', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Work Feedback' })).toBeInTheDocument();
    expect(screen.getByText('What our valuable customer says')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches once when the section comes into view and shows a card per review', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(reviews));
    renderSection();
    FakeIntersectionObserver.show();

    expect(
      await screen.findByRole('heading', { name: 'Ana Ruiz' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/reviews');
    // The observer is dropped after the first sighting: scrolling back does not fetch again.
    expect(FakeIntersectionObserver.instances.every((o) => o.disconnected)).toBe(true);

    const ana = screen.getByRole('heading', { name: 'Ana Ruiz' }).closest('article');
    expect(ana).not.toBeNull();
    const card = within(ana as HTMLElement);
    expect(card.getByText('System builder, Madrid')).toBeInTheDocument();
    expect(
      card.getByRole('img', { name: 'Rated 5 out of 5' }).querySelectorAll('svg'),
    ).toHaveLength(5);
    expect((ana as HTMLElement).querySelector('img')).toHaveAttribute('src', '/uploads/ana.webp');
    expect((ana as HTMLElement).querySelector('img')).toHaveAttribute('alt', '');

    const tom = screen.getByRole('heading', { name: 'Tom Berg' }).closest('article') as HTMLElement;
    expect(
      within(tom).getByRole('img', { name: 'Rated 2 out of 5' }).querySelectorAll('svg'),
    ).toHaveLength(2);
  });

  it('has a Pause/Play button for the autoplay', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(reviews));
    const user = userEvent.setup();
    renderSection();
    FakeIntersectionObserver.show();
    const pause = await screen.findByRole('button', { name: 'Pause reviews' }, { timeout: 5000 });
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Play reviews' })).toBeInTheDocument();
  });

  it('starts paused when the visitor prefers less motion', async () => {
    stubReducedMotion(true);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(reviews));
    renderSection();
    FakeIntersectionObserver.show();
    expect(
      await screen.findByRole('button', { name: 'Play reviews' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows an empty state when there are no reviews', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    renderSection();
    FakeIntersectionObserver.show();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a review' })).toHaveAttribute(
      'href',
      '/dashboard/add-review',
    );
  });

  it('shows an error with a Retry button that asks again', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(reviews));
    const user = userEvent.setup();
    renderSection();
    FakeIntersectionObserver.show();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cannot reach the shop.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Mei Chen' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
