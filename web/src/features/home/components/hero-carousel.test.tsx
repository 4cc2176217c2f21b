import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_IMAGE } from '@partsmith/contract/images';
import { HERO_SLIDES, HeroCarousel } from './hero-carousel.tsx';

// jsdom has no layout and no Element.scrollTo: give the scroller a width and record the calls.
const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockClear();
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => 600,
  });
});
afterEach(() => {
  delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
  delete (HTMLElement.prototype as { clientWidth?: unknown }).clientWidth;
});

describe('HeroCarousel', () => {
  it('shows five pictures: the first eager with high priority, the rest lazy, all sized', () => {
    render(<HeroCarousel />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(5);
    images.forEach((image, index) => {
      expect(image).toHaveAttribute('src', `/images/hero/slide-${index + 1}-1280.webp`);
      expect(image.getAttribute('srcset')).toContain(
        `/images/hero/slide-${index + 1}-480.webp 480w`,
      );
      expect(image).toHaveAttribute('sizes', HERO_IMAGE.sizes);
      expect(image).toHaveAttribute('width', '1200');
      expect(image).toHaveAttribute('height', '675');
      expect(image).toHaveAccessibleName(HERO_SLIDES[index]?.alt ?? '');
      expect(image).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy');
    });
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    // index.html preloads the first picture.
    expect(HERO_SLIDES[0]?.src).toBe(HERO_IMAGE.src);
    for (const image of images.slice(1)) expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('scrolls to the next and previous picture, wrapping around', async () => {
    const user = userEvent.setup();
    render(<HeroCarousel />);
    await user.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 600, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: 'Show picture 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Previous picture' }));
    await user.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 4 * 600, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: 'Show picture 5' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('jumps to a picture from its dot', async () => {
    const user = userEvent.setup();
    render(<HeroCarousel />);
    await user.click(screen.getByRole('button', { name: 'Show picture 3' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 1200, behavior: 'smooth' });
  });

  it('labels the carousel and each slide', () => {
    render(<HeroCarousel />);
    expect(screen.getByRole('region', { name: 'Partsmith products' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(screen.getByRole('group', { name: '1 of 5' })).toHaveAttribute(
      'aria-roledescription',
      'slide',
    );
  });
});
