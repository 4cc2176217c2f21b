import { describe, expect, it } from 'vitest';
import { readablePhone } from './readable-phone';

describe('readablePhone', () => {
  it('groups an E.164 number as people read it', () => {
    expect(readablePhone('+15125550147')).toBe('+1 512 555 0147');
    expect(readablePhone('+49301234567')).toBe('+49 30 1234567');
  });

  it('shows a number it cannot read as it was typed', () => {
    expect(readablePhone('555-0100 ext. 4')).toBe('555-0100 ext. 4');
  });
});
