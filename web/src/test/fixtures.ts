import type { Cart, Order, Part } from '@partsmith/contract';
import type { CompanyRole, MyCompany } from '@partsmith/contract/companies';

/** Answers the tests share: a part of the catalogue and a buyer's order of another part. */
export const PART_ID = '5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f';
export const ORDER_ID = '0b6f3c1e-7d2a-4e9b-8c5d-2f1a0e9d8c7b';
export const jane = { name: 'Jane Doe', email: 'jane@example.com' };

export const part: Part = {
  _id: PART_ID,
  sku: 'PS-CPU-000001',
  name: 'Ryzen 7 8-core CPU',
  image: '/images/parts/cpu-8core.svg',
  description: 'Eight cores and sixteen threads for builders who compile and render.',
  price: 289.5,
  availableQuantity: 40,
  minOrderQuantity: 5,
  priceBreaks: [],
};

/** `quantity` units of that part as a line of the signed-in buyer's cart, priced as they stand. */
export function cartLineOf(quantity: number): Cart['lines'][number] {
  return {
    partId: PART_ID,
    sku: 'PS-CPU-000001',
    name: part.name,
    image: part.image,
    price: part.price,
    basePrice: part.price,
    priceBreaks: [],
    quantity,
    total: Math.round(part.price * quantity * 100) / 100,
    minOrderQuantity: part.minOrderQuantity,
    availableQuantity: part.availableQuantity,
    problem: null,
  };
}

/** Jane's unpaid order of ten tubes of thermal paste, with `overrides`. */
export function thermalPasteOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    number: 'PS-O-000042',
    partId: PART_ID,
    sku: 'PS-TOO-000007',
    name: 'Thermal paste',
    image: '/images/parts/tool-thermal-paste.svg',
    description: 'Four grams.',
    price: 7.5,
    quantity: 10,
    total: 75,
    userEmail: jane.email,
    userName: jane.name,
    address: '12 Foundry Lane, Springfield',
    phone: '+1 555 010 2030',
    availableQuantity: 490,
    paid: false,
    transactionId: null,
    status: null,
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export const PSU_ID = '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918';

/**
 * A checkout of two parts (10 tubes of thermal paste at $7.50, 2 power supplies at $49.50),
 * $174 in all, as the order page shows it; `overrides` say what happened to it since.
 */
export const twoPartCheckout = (overrides: Partial<Order> = {}): Order =>
  thermalPasteOrder({
    name: 'Thermal paste and 1 more',
    price: 7.5,
    quantity: 12,
    total: 174,
    lines: [
      {
        partId: PART_ID,
        sku: 'PS-TOO-000007',
        name: 'Thermal paste',
        image: '/images/parts/tool-thermal-paste.svg',
        price: 7.5,
        quantity: 10,
        total: 75,
      },
      {
        partId: PSU_ID,
        name: 'Anvil PSU 850 W',
        image: '/images/parts/psu-850w.svg',
        price: 49.5,
        quantity: 2,
        total: 99,
      },
    ],
    ...overrides,
  });

type CompanyTerms = NonNullable<MyCompany['company']>['terms'];

/**
 * GET /api/company's answer for Jane as a member of a company: Acme Workshop, a buyer without a
 * spending limit nor payment terms, unless `given` says otherwise.
 */
export function myCompany(
  given: {
    id?: string;
    name?: string;
    role?: CompanyRole;
    mySpendingLimit?: number | null;
    terms?: Partial<CompanyTerms>;
  } = {},
): MyCompany {
  return {
    company: {
      id: given.id ?? 'c0000000-0000-4000-8000-000000000001',
      name: given.name ?? 'Acme Workshop',
      role: given.role ?? 'buyer',
      mySpendingLimit: given.mySpendingLimit ?? null,
      spendingLimit: null,
      terms: {
        paymentTerms: null,
        creditLimit: 0,
        outstanding: 0,
        available: 0,
        poRequired: false,
        priceListName: null,
        ...given.terms,
      },
      members: [],
      invitations: [],
    },
  };
}
