// Request bodies with rules beyond their fields' types: trimmed and bounded text, a saved
// face's id, an admin change that must change something, e-mail addresses, retention hours.
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  adminUserPatch,
  adminUsersQuery,
  changePasswordRequest,
  deleteAccountRequest,
  faceId,
  retentionConfig,
  setFaceIdBody,
  signInRequest,
  signUpRequest,
  updateProfileRequest,
} from '../src/index.ts';

describe('saved face id', () => {
  it('is trimmed free text', () => {
    expect(faceId.parse('  Ada at the beach ')).toBe('Ada at the beach');
    expect(faceId.parse('visage é 😀')).toBe('visage é 😀');
  });

  it('refuses empty, too long, slashes, control characters and dot-only ids a URL cannot carry', () => {
    for (const bad of ['', '   ', 'x'.repeat(65), 'a/b', 'a\\b', 'a\u0000b', 'tab\there', 'del\u007f', '.', '..', ' .. ', '...', 'line\u2028break', 'zero\u200bwidth']) {
      expect(faceId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(faceId.safeParse('x'.repeat(64)).success).toBe(true);
    for (const good of ['a.b', '.hidden', 'v1..2', 'Zoé (2) #1?']) expect(faceId.safeParse(good).success, good).toBe(true);
  });

  it('applies to setFaceId, with one to 500 images', () => {
    expect(setFaceIdBody.safeParse({ selectedImages: ['a'], faceId: 'ok' }).success).toBe(true);
    expect(setFaceIdBody.safeParse({ selectedImages: [], faceId: 'ok' }).success).toBe(false);
    expect(setFaceIdBody.safeParse({ selectedImages: Array(501).fill('a'), faceId: 'ok' }).success).toBe(false);
    expect(setFaceIdBody.safeParse({ selectedImages: ['a'], faceId: '../x' }).success).toBe(false);
  });
});

describe('admin user change', () => {
  it('needs a role or a plan', () => {
    expect(adminUserPatch.safeParse({}).success).toBe(false);
    expect(adminUserPatch.parse({ role: 'operator' })).toEqual({ role: 'operator' });
    expect(adminUserPatch.parse({ plan: 'premium' })).toEqual({ plan: 'premium' });
    expect(adminUserPatch.safeParse({ role: 'superuser' }).success).toBe(false);
    expect(adminUserPatch.safeParse({ plan: 'gold' }).success).toBe(false);
  });

  it('lists users a page at a time, with bounded pages read from the query string', () => {
    expect(adminUsersQuery.parse({})).toEqual({ page: 1, limit: 25 });
    expect(adminUsersQuery.parse({ page: '3', limit: '100', q: ' ada ' })).toEqual({ page: 3, limit: 100, q: 'ada' });
    expect(adminUsersQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(adminUsersQuery.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('accounts', () => {
  it('read e-mail addresses trimmed, and refuse what is not one', () => {
    expect(signInRequest.parse({ email: ' a@example.com ', password: 'x' }).email).toBe('a@example.com');
    expect(signInRequest.safeParse({ email: 'not-an-address', password: 'x' }).success).toBe(false);
    expect(signInRequest.safeParse({ email: `${'a'.repeat(250)}@example.com`, password: 'x' }).success).toBe(false);
    expect(signInRequest.safeParse({ email: 'a@example.com', password: '' }).success).toBe(false);
  });

  it('need both names at sign-up', () => {
    const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'a@example.com', password: 'long enough', termsAccepted: true };
    expect(signUpRequest.safeParse(body).success).toBe(true);
    expect(signUpRequest.safeParse({ ...body, lastName: '  ' }).success).toBe(false);
  });

  it('hold a new password to the minimum length', () => {
    const ok = 'x'.repeat(PASSWORD_MIN_LENGTH);
    expect(changePasswordRequest.safeParse({ currentPassword: 'old', newPassword: ok }).success).toBe(true);
    expect(changePasswordRequest.safeParse({ currentPassword: 'old', newPassword: ok.slice(1) }).success).toBe(false);
  });

  it('trim profile names, the first one required', () => {
    expect(updateProfileRequest.parse({ firstName: ' Ada ', lastName: ' ' })).toEqual({ firstName: 'Ada', lastName: '' });
    expect(updateProfileRequest.safeParse({ firstName: '  ', lastName: 'L' }).success).toBe(false);
    expect(deleteAccountRequest.safeParse({ email: '   ' }).success).toBe(false);
  });
});

describe('retention settings', () => {
  it('allow uploads kept 0 hours but an export kept some time', () => {
    expect(retentionConfig.parse({ uploadRetentionHours: 0, exportTtlHours: 0.5 })).toEqual({ uploadRetentionHours: 0, exportTtlHours: 0.5 });
    expect(retentionConfig.safeParse({ uploadRetentionHours: -1, exportTtlHours: 24 }).success).toBe(false);
    expect(retentionConfig.safeParse({ uploadRetentionHours: 24, exportTtlHours: 0 }).success).toBe(false);
    expect(retentionConfig.safeParse({ uploadRetentionHours: '24', exportTtlHours: 24 }).success).toBe(false);
  });
});
