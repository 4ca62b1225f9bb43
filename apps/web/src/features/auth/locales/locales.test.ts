import { describe, expect, it } from 'vitest';
import en from './en.json';
import firstLoad from './first-load/en.json';

// en/fr key parity for every namespace is checked once, in src/lib/i18n.test.ts.
describe('auth locales', () => {
  it('word the login screen and the sign-up overlay as the product does', () => {
    expect(en.login).toMatchObject({
      heading: 'Craft Your Visual Signature',
      subtitle: 'Welcome Back',
      submit: 'Log In',
      signUp: 'Sign Up',
      oidc: 'Login/Sign Up with {{provider}}',
    });
    expect(en.signup).toMatchObject({ firstName: 'First Name', lastName: 'Last Name', email: 'Email', password: 'New Password', submit: 'Sign Up' });
    expect(firstLoad.account.logout).toBe('Logout');
  });

  it('word sign-in failures the same whatever the cause', () => {
    expect(en.errors.invalid_credentials).toBe('Incorrect e-mail or password.');
    expect(en.errors.invalid_credentials).not.toMatch(/exist|unknown|not found/i);
  });
});
