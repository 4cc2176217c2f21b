import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from './stars.tsx';

function starCount(label: string) {
  return screen.getByRole('img', { name: label }).querySelectorAll('svg').length;
}

describe('Stars', () => {
  it('shows five stars for a rating of 3 or more', () => {
    render(<Stars rating={3} />);
    expect(starCount('Rated 3 out of 5')).toBe(5);
  });

  it('shows five stars for a rating of 5', () => {
    render(<Stars rating={5} />);
    expect(starCount('Rated 5 out of 5')).toBe(5);
  });

  it('shows two stars for a rating under 3', () => {
    render(<Stars rating={2} />);
    expect(starCount('Rated 2 out of 5')).toBe(2);
  });

  it('gives screen readers the real rating, not the star count', () => {
    render(<Stars rating={1} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Rated 1 out of 5');
  });
});
