import { describe, expect, it } from 'vitest';
import { formatDollars } from './money.ts';

const intl = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('formatDollars', () => {
  it('writes dollars as en-US currency with two decimals', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(5)).toBe('$5.00');
    expect(formatDollars(129.99)).toBe('$129.99');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(1_000_000)).toBe('$1,000,000.00');
    expect(formatDollars(-3)).toBe('-$3.00');
    expect(formatDollars(999.999)).toBe('$1,000.00');
  });

  it('agrees with Intl.NumberFormat, rounding included', () => {
    const values = [
      0.005,
      0.015,
      1.005,
      1.115,
      2.675,
      10.235,
      999.995,
      1234.565,
      99999.995,
      123456789.125,
      -0.015,
      -1.005,
      -2.675,
      -1234.5,
      0.1 + 0.2,
      1e15,
      12345678.9,
      1e21,
      3e-7,
    ];
    // A deterministic spread of prices and totals, as a price times a quantity would give.
    for (let i = 1; i <= 4000; i++) values.push(((i * 7919) % 1_000_003) / 100, (i * 0.37) % 5000);
    for (const value of values)
      expect(formatDollars(value), String(value)).toBe(intl.format(value));
  });

  it('never shows a minus for an amount that rounds to zero', () => {
    expect(formatDollars(-0)).toBe('$0.00');
    expect(formatDollars(-0.004)).toBe('$0.00');
  });
});
