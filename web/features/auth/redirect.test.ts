import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('accepts in-app paths', () => {
    expect(safeRedirect('/settings/account?tab=company')).toBe('/settings/account?tab=company');
  });

  it('rejects anything that could leave the app or loop', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'settings',
    ]) {
      expect(safeRedirect(raw), String(raw)).toBeNull();
    }
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect('/logout')).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('remembers where the user wanted to go', () => {
    expect(loginPathFor({ pathname: '/settings/account', search: '?tab=company' })).toBe(
      '/login?redirect=%2Fsettings%2Faccount%3Ftab%3Dcompany',
    );
  });

  it('adds nothing for the home page or the login page itself', () => {
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
    expect(loginPathFor({ pathname: '/login', search: '' })).toBe('/login');
  });
});
