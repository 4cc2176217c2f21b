import type { Quote } from '@partsmith/contract';
import { PART_ID, jane } from '../../../test/fixtures.ts';

/** Quotes as the server answers them (imported by the quotes pages' tests only). */

export const PSU_ID = '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918';
export const REQUESTED_ID = '1a2b3c4d-0001-4e5f-8a9b-0c1d2e3f4a5b';
export const ANSWERED_ID = '1a2b3c4d-0002-4e5f-8a9b-0c1d2e3f4a5b';
export const ACCEPTED_ID = '1a2b3c4d-0003-4e5f-8a9b-0c1d2e3f4a5b';
export const EXPIRED_ID = '1a2b3c4d-0004-4e5f-8a9b-0c1d2e3f4a5b';
export const QUOTE_ORDER_ID = '0b6f3c1e-7d2a-4e9b-8c5d-2f1a0e9d8c7b';

/** A quote of Jane's for 10 CPUs and 4 power supplies, not answered yet, with `overrides`. */
export function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    _id: REQUESTED_ID,
    number: 'Q-000001',
    status: 'requested',
    userEmail: jane.email,
    userName: jane.name,
    message: 'For a lab of ten workstations.',
    lines: [
      {
        partId: PART_ID,
        name: 'Ryzen 7 8-core CPU',
        image: '/images/parts/cpu-8core.svg',
        quantity: 10,
        listPrice: 289.5,
        unitPrice: null,
        total: null,
      },
      {
        partId: PSU_ID,
        name: 'Anvil PSU 850 W',
        image: '/images/parts/psu-850w.svg',
        quantity: 4,
        listPrice: 99,
        unitPrice: null,
        total: null,
      },
    ],
    total: null,
    createdAt: '2025-03-02T10:00:00.000Z',
    answeredAt: null,
    validUntil: null,
    acceptedAt: null,
    orderId: null,
    ...overrides,
  };
}

/** The same request answered: $270 a CPU, $90 a PSU, valid until the end of `validUntil`. */
export function answered(overrides: Partial<Quote> = {}, validUntil = '2099-12-31'): Quote {
  const base = quote();
  return quote({
    _id: ANSWERED_ID,
    number: 'Q-000002',
    status: 'answered',
    lines: [
      { ...base.lines[0]!, unitPrice: 270, total: 2700 },
      { ...base.lines[1]!, unitPrice: 90, total: 360 },
    ],
    total: 3060,
    answeredAt: '2025-03-03T09:00:00.000Z',
    validUntil: `${validUntil}T23:59:59.999Z`,
    ...overrides,
  });
}

/** The answered quote accepted: its order is QUOTE_ORDER_ID. */
export function acceptedQuote(): Quote {
  return answered({
    _id: ACCEPTED_ID,
    number: 'Q-000003',
    status: 'accepted',
    acceptedAt: '2025-03-04T08:00:00.000Z',
    orderId: QUOTE_ORDER_ID,
  });
}
