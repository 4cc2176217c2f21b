import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking.ts';

describe('trackingUrl', () => {
  it('links the well-known carriers, whatever the spelling and grouping', () => {
    expect(trackingUrl('UPS', '1Z 999 AA1 01 2345 6784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('FedEx Ground', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('Federal Express', '123456789012')).toContain('fedex.com');
    expect(trackingUrl('DHL Express', 'JD014600006281230704')).toBe(
      'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600006281230704&submit=1',
    );
    expect(trackingUrl('usps', '9400 1000 0000 0000 0000 00')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(trackingUrl('U.S.P.S.', '9400100000000000000000')).toContain('usps.com');
  });

  it('encodes the number', () => {
    expect(trackingUrl('UPS', 'A&B/C?')).toBe('https://www.ups.com/track?tracknum=A%26B%2FC%3F');
  });

  it('is null for unknown carriers or a missing carrier or number', () => {
    expect(trackingUrl('Joe’s Courier', '12345')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl('UPS', '   ')).toBeNull();
    expect(trackingUrl(null, '12345')).toBeNull();
    expect(trackingUrl(undefined, undefined)).toBeNull();
  });
});
