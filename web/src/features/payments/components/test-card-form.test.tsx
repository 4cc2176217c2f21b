import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './test-card-form.tsx';

describe('card field formatting', () => {
  it('groups the card number by four', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42x')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
  });

  it('writes the expiry as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12 / 2');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12/2030')).toBe('12 / 30');
    expect(formatExpiry('12 /')).toBe('12');
  });

  it('keeps three or four CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});
