import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeRoute } from './home.tsx';

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomeRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Nothing comes into view until a test says so (`comeIntoView`): nobody scrolls in jsdom. */
const observers = new Set<ManualObserver>();
class ManualObserver {
  elements = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    observers.delete(this);
  }
  takeRecords() {
    return [];
  }
}

/** What the browser tells the page's observers when `region` is scrolled into view. */
function comeIntoView(region: Element) {
  act(() => {
    for (const observer of [...observers]) {
      const inside = [...observer.elements].filter((element) => region.contains(element));
      if (inside.length === 0) continue;
      const entries = inside.map((target) => ({ target, isIntersecting: true }));
      observer.callback(
        entries as unknown as IntersectionObserverEntry[],
        observer as unknown as IntersectionObserver,
      );
    }
  });
}

beforeEach(() => {
  // The reviews stay out of view here; reviews-section.test.tsx covers them.
  observers.clear();
  vi.stubGlobal('IntersectionObserver', ManualObserver);
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response('[]', { headers: { 'content-type': 'application/json', 'x-total-count': '0' } }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the home page route', () => {
  it('has one h1 and the sections in the spec order, each labelled by its h2', () => {
    const { container } = renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const sections = [...container.querySelectorAll('section')];
    const labels = sections.map((section) =>
      document.getElementById(section.getAttribute('aria-labelledby') ?? ''),
    );
    expect(labels.map((label) => label?.tagName)).toEqual([
      'H1',
      'H2',
      'H2',
      'H2',
      'H2',
      'H2',
      'H2',
    ]);
    expect(labels.slice(1).map((label) => label?.textContent)).toEqual([
      'Available Parts in Our Stocks',
      'TEAM. CUSTOMER. COMMUNITY',
      'Dependably Creative',
      'Work Feedback',
      'Upcoming Our Services',
      'Contact Us',
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(
      'GET RAM, MOTHERBOARD. NEW ARRIVALS. MAKE AN EXECUTIVE.',
    );
  });

  it('sends Learn More to the parts section', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '#parts');
    expect(document.getElementById('parts')).not.toBeNull();
    expect(document.getElementById('contact')).not.toBeNull();
  });

  it('shows the statistics and the call to action', () => {
    renderHome();
    const stats = screen.getByRole('region', { name: 'TEAM. CUSTOMER. COMMUNITY' });
    for (const text of ['50+', 'Countries', '300+', 'Complete Projects', '99+', 'Happy Clients']) {
      expect(within(stats).getByText(text)).toBeInTheDocument();
    }
    expect(within(stats).getByRole('link', { name: 'REQUEST For QUOTE' })).toHaveAttribute(
      'href',
      '/dashboard/quotes/new',
    );
    expect(within(stats).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('shows the Dependably Creative gallery with sized, lazy images', () => {
    renderHome();
    const creative = screen.getByRole('region', { name: 'Dependably Creative' });
    expect(within(creative).getByRole('link', { name: 'MORE ABOUT US' })).toHaveAttribute(
      'href',
      '/info/about-us',
    );
    const images = within(creative).getAllByRole('img');
    expect(images).toHaveLength(6);
    images.forEach((image, index) => {
      expect(image).toHaveAttribute('src', `/images/gallery/${index + 1}-480.webp`);
      expect(image).toHaveAttribute(
        'srcset',
        `/images/gallery/${index + 1}-240.webp 240w, /images/gallery/${index + 1}-480.webp 480w`,
      );
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '800');
      expect(image).toHaveAttribute('height', '600');
      expect(image.getAttribute('alt')?.length).toBeGreaterThan(10);
    });
  });

  it('ends with the contact banner holding the contact form', async () => {
    renderHome();
    const contact = screen.getByRole('region', { name: 'Contact Us' });
    expect(contact).toHaveAttribute('id', 'contact');
    // The form loads when the banner comes near the viewport, its place held until then by a
    // still, empty box: no spinner turns and nothing is announced before the load begins.
    expect(within(contact).queryByRole('status')).toBeNull();
    expect(contact.querySelector('.spinner')).toBeNull();
    comeIntoView(contact);
    expect(await within(contact).findByLabelText('Email address')).toHaveAttribute(
      'id',
      'home-contact-email',
    );
    expect(within(contact).getByRole('button', { name: 'Contact Us' })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it('has no empty links and no image without alt', () => {
    const { container } = renderHome();
    expect(container.querySelectorAll('a[href="#"], a:not([href])')).toHaveLength(0);
    expect(container.querySelectorAll('img:not([alt])')).toHaveLength(0);
    for (const button of container.querySelectorAll('button')) {
      expect(button).toHaveAttribute('type');
    }
  });
});
