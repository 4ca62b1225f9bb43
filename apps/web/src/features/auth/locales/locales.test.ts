import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('auth locales', () => {
  it('have the same keys in English and French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('use the spec texts of the login screen and the sign-up overlay', () => {
    expect(en.login).toMatchObject({
      heading: 'Craft Your Visual Signature',
      subtitle: 'Welcome Back',
      submit: 'Log In',
      signUp: 'Sign Up',
      oidc: 'Login/Sign Up with {{provider}}',
    });
    expect(en.signup).toMatchObject({ firstName: 'First Name', lastName: 'Last Name', email: 'Email', password: 'New Password', submit: 'Sign Up' });
    expect(en.account.logout).toBe('Logout');
  });

  it('word sign-in failures the same whatever the cause', () => {
    expect(en.errors.invalid_credentials).toBe('Incorrect e-mail or password.');
    expect(en.errors.invalid_credentials).not.toMatch(/exist|unknown|not found/i);
  });
});
