import { describe, expect, it } from 'vitest';
import {
  AddPartBody,
  AddReviewBody,
  ContactBody,
  EmailField,
  Id,
  NewsletterAnswer,
  Order,
  PartListQuery,
  PasswordField,
  PriceField,
  ProfileBody,
  ProfileFields,
  PurchaseBody,
  SessionUser,
  SignUpBody,
  TestCardBody,
  UpdatePartBody,
  profileFromWire,
  profileToWire,
  quantityMessage,
  starsFor,
} from './index.ts';

/** The first message a schema gives for a value, or null when the value passes. */
function problem(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const r = schema.safeParse(v);
  return r.success
    ? null
    : ((r.error as { issues: { message: string }[] }).issues[0]?.message ?? 'invalid');
}

const PART = {
  name: 'Forge DDR5 32 GB',
  description: 'Two 16 GB modules at 6000 MT/s.',
  availableQuantity: 10,
  minOrderQuantity: 2,
  price: 129.99,
  image: '/uploads/0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.webp',
};

describe('the contract: what the browser and the server both accept', () => {
  it('e-mail: trimmed, lower-cased, the spec messages for missing and malformed', () => {
    expect(EmailField.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(problem(EmailField, '')).toBe('Email is Required');
    expect(problem(EmailField, '   ')).toBe('Email is Required');
    expect(problem(EmailField, 'not-an-email')).toBe('Provide a Valid Email');
    expect(problem(EmailField, undefined)).toBe('Email is Required');
    expect(problem(EmailField, `${'a'.repeat(250)}@x.io`)).toBe('Email is too long');
  });

  it('password: 8 to 128 characters (the spec said 6), with its messages', () => {
    expect(problem(PasswordField, '')).toBe('Password is Required');
    expect(problem(PasswordField, 'short12')).toBe('Must be eight characters or longer');
    expect(problem(PasswordField, '12345678')).toBeNull();
    expect(problem(PasswordField, 'x'.repeat(128))).toBeNull();
    expect(problem(PasswordField, 'x'.repeat(129))).toBe('Keep the password under 128 characters');
    expect(problem(SignUpBody, { name: ' ', email: 'a@b.co', password: '12345678' })).toBe(
      'Name is Required',
    );
  });

  it('ids are UUIDs; anything else is refused before any lookup', () => {
    expect(problem(Id, '0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d')).toBeNull();
    for (const bad of ['', '1', "1' or '1'='1", '0b1e2c3d4e5f4a6b8c7d9e0f1a2b3c4d', null])
      expect(problem(Id, bad)).not.toBeNull();
  });

  it('a purchase: quantity a positive whole number, a full address and a phone number', () => {
    const ok = {
      partId: '0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      quantity: '3',
      address: '1 Main Street, Springfield',
      phone: '+1 (217) 555-0100',
    };
    expect(PurchaseBody.parse(ok).quantity).toBe(3);
    expect(problem(PurchaseBody, { ...ok, quantity: 0 })).toBe('Quantity must be at least 1');
    expect(problem(PurchaseBody, { ...ok, quantity: 2.5 })).toBe('Quantity must be a whole number');
    expect(problem(PurchaseBody, { ...ok, quantity: 1_000_001 })).toBe('Quantity is too large');
    expect(problem(PurchaseBody, { ...ok, address: 'Home' })).toBe(
      'Give the full shipping address (street, city, postal code)',
    );
    expect(problem(PurchaseBody, { ...ok, phone: 'call me' })).toBe('Provide a valid phone number');
    // Only the four fields are read: a forged price or owner is dropped.
    expect(PurchaseBody.parse({ ...ok, price: 0.01, userId: 'x' })).not.toHaveProperty('price');
    expect(quantityMessage(10, 42)).toBe(
      'The quantity must be at least the minimum order (10) and no higher than the available quantity (42).',
    );
  });

  it('a price: at least $0.01, whole cents, on adding a part and on correcting one', () => {
    for (const ok of [0.01, '0.10', 1, 129.99, '1000000'])
      expect(problem(PriceField, ok), String(ok)).toBeNull();
    expect(problem(PriceField, 0)).toBe('Price must be at least $0.01');
    expect(problem(PriceField, 0.004)).toBe('Price must be at least $0.01');
    expect(problem(PriceField, -5)).toBe('Price must be at least $0.01');
    expect(problem(PriceField, 1.005)).toBe('Price has at most 2 decimals');
    expect(problem(PriceField, 1_000_000.01)).toBe('Price is too high');
    expect(problem(PriceField, 'twelve')).not.toBeNull();
    expect(problem(AddPartBody, { ...PART, price: 0 })).toBe('Price must be at least $0.01');
    expect(problem(UpdatePartBody, { price: 0.001 })).toBe('Price must be at least $0.01');
    expect(problem(UpdatePartBody, { price: 2.345 })).toBe('Price has at most 2 decimals');
    expect(problem(UpdatePartBody, {})).toBe('Change the stock or the price');
  });

  it('a part: its minimum order never above its stock (unless out of stock)', () => {
    expect(problem(AddPartBody, PART)).toBeNull();
    expect(problem(AddPartBody, { ...PART, minOrderQuantity: 11 })).toBe(
      'Minimum quantity cannot be more than the available quantity',
    );
    expect(problem(AddPartBody, { ...PART, availableQuantity: 0, minOrderQuantity: 5 })).toBeNull();
    expect(problem(AddPartBody, { ...PART, image: 'javascript:alert(1)' })).toBe(
      'Upload an image first',
    );
  });

  it('a review: a rating of 1 to 5 and a text; a name sent along is optional (the account signs)', () => {
    const review = { rating: '4', type: 'Great RAM', image: PART.image };
    expect(AddReviewBody.parse(review).rating).toBe(4);
    expect(problem(AddReviewBody, { ...review, name: 'Partsmith Support' })).toBeNull();
    for (const rating of [0, 6, 2.5])
      expect(problem(AddReviewBody, { ...review, rating })).toBe(
        'Rating must be a whole number from 1 to 5',
      );
    expect(problem(AddReviewBody, { ...review, type: '  ' })).toBe('Description is Required');
    expect(starsFor(3)).toBe(5);
    expect(starsFor(2)).toBe(2);
  });

  it('the contact form wants a real message; the newsletter answer says the same to everyone', () => {
    expect(problem(ContactBody, { email: 'a@b.co', subject: 'Hi', message: 'short' })).toBe(
      'Please write at least 10 characters',
    );
    expect(
      NewsletterAnswer.safeParse({ acknowledged: true, alreadySubscribed: true }).success,
    ).toBe(false);
  });

  it('keyset paging: a numeric cursor and a bounded page', () => {
    expect(PartListQuery.parse({})).toEqual({ limit: 24 });
    expect(problem(PartListQuery, { limit: 0 })).not.toBeNull();
    expect(problem(PartListQuery, { limit: 101 })).not.toBeNull();
    for (const cursor of ['-1', '1e3', "1'", '1234567890123456'])
      expect(problem(PartListQuery, { cursor }), cursor).toBe('Not a valid cursor');
    expect(problem(PartListQuery, { q: 'x'.repeat(101) })).toBe('Search text is too long');
  });

  it('a test card: an expiry of MM / YY and a 3- or 4-digit CVC', () => {
    const card = { clientSecret: 'pi_1_secret_2', number: '4242 4242 4242 4242', cvc: '123' };
    expect(problem(TestCardBody, { ...card, expiry: '12 / 34' })).toBeNull();
    expect(problem(TestCardBody, { ...card, expiry: '13/34' })).toBe(
      'Expiry must look like MM / YY',
    );
    expect(problem(TestCardBody, { ...card, expiry: '12/34', cvc: '12' })).toBe(
      'CVC must be 3 or 4 digits',
    );
  });

  it("orders and sessions read the server's new fields, and older answers still parse", () => {
    const order = {
      _id: '0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      partId: null,
      name: 'Part',
      image: '/images/x.svg',
      description: '',
      price: 1,
      quantity: 1,
      total: 1,
      userEmail: 'a@b.co',
      userName: 'A',
      address: '1 Main Street',
      phone: '+1 555 0100',
      availableQuantity: 0,
      paid: false,
      transactionId: null,
      status: null,
      createdAt: '2026-11-25T00:00:00.000Z',
    };
    expect(Order.parse(order)).toMatchObject({ expired: false, expiresAt: null });
    const user = { id: 'u1', name: 'Ann', email: 'a@b.co', role: 'customer' };
    expect(SessionUser.parse(user).emailVerified).toBe(false);
    expect(SessionUser.parse({ ...user, emailVerified: true }).emailVerified).toBe(true);
    expect(SessionUser.safeParse({ ...user, role: 'owner' }).success).toBe(false);
  });

  it("profiles keep the spec's JSON names on the wire and clear names in code", () => {
    const wire = {
      edu: 'BSc',
      location: 'Austin',
      number: '+1 512 555 0147',
      linkdin: 'https://www.linkedin.com/in/jane',
      addiInfo: 'Workstations.',
    };
    const fields = {
      education: 'BSc',
      location: 'Austin',
      phone: '+1 512 555 0147',
      linkedinUrl: 'https://www.linkedin.com/in/jane',
      additionalInfo: 'Workstations.',
    };
    expect(profileFromWire(ProfileBody.parse(wire))).toEqual(fields);
    expect(profileToWire(ProfileFields.parse(fields))).toEqual(wire);
    const account = { userName: 'Jane', email: 'jane@example.com', image: null };
    expect(profileToWire(profileFromWire({ ...wire, ...account }))).toEqual({
      ...wire,
      ...account,
    });
    expect(problem(ProfileBody, { ...wire, linkdin: 'http://evil.example' })).toMatch(/LinkedIn/);
    expect(problem(ProfileFields, { ...fields, linkedinUrl: 'http://evil.example' })).toMatch(
      /LinkedIn/,
    );
  });
});
