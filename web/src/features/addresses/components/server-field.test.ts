import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldOfRefusal } from './server-field.ts';

const refusal = (message: string, status = 422, body?: unknown) =>
  new ApiError(status, message, body);

describe('fieldOfRefusal', () => {
  it.each([
    ['Name is Required', 'name'],
    ['Keep the company under 100 characters', 'company'],
    ['Street address is Required', 'line1'],
    ['Keep the second address line under 120 characters', 'line2'],
    ['City is Required', 'city'],
    ['Choose a state or region from the list', 'region'],
    ['QC is not a province of the United States', 'region'],
    ['Enter a valid ZIP code for the state of Texas', 'postalCode'],
    ['Postal code is Required', 'postalCode'],
    ['Choose a country from the list', 'country'],
    ['Enter a phone number that works in Germany (country code +49)', 'phone'],
    ['DE12 is not a valid VAT number', 'taxId'],
  ])('finds the field of "%s"', (message, field) => {
    expect(fieldOfRefusal(refusal(message))).toBe(field);
  });

  it("prefers the answer's field, then the schema check's", () => {
    expect(fieldOfRefusal(refusal('Not valid', 422, { field: 'city' }))).toBe('city');
    expect(fieldOfRefusal(refusal('Too long (body field "line2")', 400))).toBe('line2');
    expect(fieldOfRefusal(refusal('Phone? (body field "taxId")', 400))).toBe('taxId');
  });

  it('names no field for other answers or messages', () => {
    expect(fieldOfRefusal(refusal('Your address book is full'))).toBeNull();
    expect(fieldOfRefusal(refusal('Phone number is Required', 409))).toBeNull();
    expect(fieldOfRefusal(refusal('Not valid', 422, { field: 'password' }))).toBeNull();
    expect(fieldOfRefusal(new Error('City is Required'))).toBeNull();
  });
});
