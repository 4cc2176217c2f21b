import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAGLINES, TypedTagline } from './typed-tagline.tsx';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const timings = { typeMs: 10, deleteMs: 5, holdMs: 100, gapMs: 20 };
const typedText = () => screen.getByTestId('typed-text').textContent;

/** Each timer schedules the next from an effect, so time must pass in small acted steps. */
function advance(ms: number) {
  for (let t = 0; t < ms; t += 5) act(() => vi.advanceTimersByTime(5));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TypedTagline', () => {
  it('gives screen readers the three phrases as one static heading', () => {
    stubReducedMotion(false);
    render(<TypedTagline id="hero-heading" />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveAccessibleName('GET RAM, MOTHERBOARD. NEW ARRIVALS. MAKE AN EXECUTIVE.');
    expect(heading).toHaveAttribute('id', 'hero-heading');
    expect(screen.getByTestId('typed-tagline')).toHaveAttribute('aria-hidden', 'true');
  });

  it('types a phrase, deletes it and moves on to the next', () => {
    stubReducedMotion(false);
    vi.useFakeTimers();
    render(<TypedTagline id="h" timings={timings} />);
    expect(typedText()).toBe('');
    advance(10 * 3);
    expect(typedText()).toBe('GET');
    advance(10 * (TAGLINES[0].length - 3));
    expect(typedText()).toBe(TAGLINES[0]);
    // hold, then delete every letter, then the gap
    advance(100 + 5 * TAGLINES[0].length + 20);
    expect(typedText()).toBe('');
    advance(10 * 3);
    expect(typedText()).toBe('NEW');
  });

  it('stops and resumes with the pause button', () => {
    stubReducedMotion(false);
    vi.useFakeTimers();
    render(<TypedTagline id="h" timings={timings} />);
    advance(10 * 2);
    fireEvent.click(screen.getByRole('button', { name: 'Pause tagline animation' }));
    const frozen = typedText();
    advance(5_000);
    expect(typedText()).toBe(frozen);
    fireEvent.click(screen.getByRole('button', { name: 'Play tagline animation' }));
    advance(10);
    expect(typedText()).not.toBe(frozen);
  });

  it('shows every phrase whole, without typing, when less motion is preferred', () => {
    stubReducedMotion(true);
    vi.useFakeTimers();
    render(<TypedTagline id="h" timings={timings} />);
    expect(screen.queryByTestId('typed-text')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1 });
    for (const phrase of TAGLINES) expect(heading).toHaveTextContent(phrase);
    expect(heading).toHaveAccessibleName('GET RAM, MOTHERBOARD. NEW ARRIVALS. MAKE AN EXECUTIVE.');
  });
});
