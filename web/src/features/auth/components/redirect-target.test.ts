import { describe, expect, it } from 'vitest';
import { providerErrorMessage, returnPathFrom, safeReturnPath } from './redirect-target.ts';

describe('safeReturnPath', () => {
  it('keeps paths inside the shop', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/purchase/abc?x=1#top')).toBe('/purchase/abc?x=1#top');
  });

  it('refuses other sites, odd values and the login pages themselves', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'dashboard',
      '/dash\nboard',
      '/login',
      '/login?from=%2F',
      '/reset-password?token=x',
      42,
      undefined,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});

describe('returnPathFrom', () => {
  it('prefers state.from, then ?from=, then /', () => {
    const search = new URLSearchParams('from=%2Fcontact');
    expect(returnPathFrom({ from: '/dashboard' }, search)).toBe('/dashboard');
    expect(returnPathFrom({ from: '//evil.example' }, search)).toBe('/contact');
    expect(returnPathFrom(null, new URLSearchParams())).toBe('/');
  });
});

describe('providerErrorMessage', () => {
  it('maps known codes and shows unknown ones', () => {
    expect(providerErrorMessage(null)).toBeNull();
    expect(providerErrorMessage('access_denied')).toMatch(/cancelled/);
    expect(providerErrorMessage('weird<b>')).toBe('Sign-in with the provider failed: weird b ');
  });
});
