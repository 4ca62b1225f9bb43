import { beforeEach, describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import type { MeResponse } from '@visage/contracts';
import { AUTH_STORAGE_KEY, readFlags } from '../lib/local-flags';
import { meResponse } from '../lib/me-response.fixture';
import { authSlice, endSession, initialAuthState, loadUser, signedOutState, startSession } from './auth-slice';

const me: MeResponse = meResponse({
  role: 'operator',
  usage: 3,
  swapsLeft: null,
  colorScheme: 'dark',
  profile: { createdAt: 1_700_000_000_000, ip: '192.0.2.1', customerId: 'cus_123' },
});

const store = () => configureStore({ reducer: { auth: authSlice.reducer } });

beforeEach(() => window.localStorage.clear());

describe('auth state', () => {
  it('starts signed out and anonymous, its profile fields empty', () => {
    expect(initialAuthState()).toEqual(signedOutState);
    expect(signedOutState).toMatchObject({ dreams: [], subsription: '', fetching: false, error: null, isAnonymous: true, token: '' });
  });

  it('reads the local flags at start (uid + the string true)', () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ uid: 'u9', loggedIn: 'true', role: 'user' }));
    expect(initialAuthState()).toMatchObject({ signedIn: true, uid: 'u9', role: 'user' });
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ uid: 'u9', loggedIn: true }));
    expect(initialAuthState().signedIn).toBe(false);
  });

  it('copies the user data and writes the flags when a session starts; clears both when it ends', () => {
    const s = store();
    s.dispatch(startSession(me));
    expect(s.getState().auth).toMatchObject({
      signedIn: true,
      uid: 'u1',
      role: 'operator',
      email: 'ada@example.com',
      nom: 'Ada',
      prenom: 'Lovelace',
      pic: '/app/api/avatars/default.svg',
      ip: '192.0.2.1',
      createdAt: 1_700_000_000_000,
      emailVerified: false,
      subsription: 'free',
      customerId: 'cus_123',
      usage: 3,
      resetDate: '2026-12-01',
      swapsLeft: null,
      colorScheme: 'dark',
    });
    expect(readFlags()).toEqual({ uid: 'u1', loggedIn: 'true', role: 'operator' });
    s.dispatch(endSession());
    expect(s.getState().auth).toEqual(signedOutState);
    expect(readFlags()).toBeNull();
  });

  it('sets the fetch flag and clears the error while loading', () => {
    const state = authSlice.reducer({ ...signedOutState, error: 'old' }, { type: loadUser.pending.type });
    expect(state).toMatchObject({ fetching: true, error: null });
  });

  it('signs out on a 401 and keeps the session on other failures', () => {
    const signedIn = authSlice.reducer(signedOutState, startSession(me));
    const after401 = authSlice.reducer(signedIn, { type: loadUser.rejected.type, payload: { status: 401, message: 'Please sign in.' } });
    expect(after401).toEqual(signedOutState);
    const afterNetwork = authSlice.reducer(signedIn, { type: loadUser.rejected.type, payload: { status: 0, message: 'offline' } });
    expect(afterNetwork).toMatchObject({ signedIn: true, error: 'offline', fetching: false });
  });
});
