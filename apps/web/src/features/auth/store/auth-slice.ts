// The signed-in user's profile fields, as the pages read them, plus what the client needs to keep it in step with the
// server session: signedIn (the local flag), role, and whether /me has been checked.
// `token` stays empty: the session token lives in an HttpOnly cookie the page cannot read.
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ColorScheme, MeResponse, Role } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { fetchMe, postLogout } from '../api/auth-api';
import { clearFlags, readFlags, writeFlags } from '../lib/local-flags';

export interface AuthState {
  createdAt: number | null;
  ip: string;
  uid: string;
  customerId: string;
  token: string;
  email: string;
  emailVerified: boolean;
  isAnonymous: boolean;
  pic: string;
  nom: string;
  prenom: string;
  gender: string;
  birthday: string;
  dreams: string[];
  /** Spelled so in this state (PlansPage reads it under this name); carries the subscription value. */
  subsription: string;
  /** The fetch flag: a load of the user's data is under way. */
  fetching: boolean;
  error: string | null;
  signedIn: boolean;
  role: Role;
  usage: number;
  resetDate: string;
  /** Image swaps left this period; null = no limit, or not known yet. */
  swapsLeft: number | null;
  /** The account's colour choice as the server keeps it; null until /me answers. */
  colorScheme: ColorScheme | null;
}

export const signedOutState: AuthState = {
  createdAt: null,
  ip: '',
  uid: '',
  customerId: '',
  token: '',
  email: '',
  emailVerified: false,
  isAnonymous: true,
  pic: '',
  nom: '',
  prenom: '',
  gender: '',
  birthday: '',
  dreams: [],
  subsription: '',
  fetching: false,
  error: null,
  signedIn: false,
  role: 'user',
  usage: 0,
  resetDate: '',
  swapsLeft: null,
  colorScheme: null,
};

/** The state at start: signed in as far as the local flags say, until /me confirms. */
export function initialAuthState(): AuthState {
  const flags = readFlags();
  return flags ? { ...signedOutState, signedIn: true, isAnonymous: false, uid: flags.uid, role: flags.role } : signedOutState;
}

/** Loads the signed-in user's data; a 401 signs the client out. */
export const loadUser = createAsyncThunk<MeResponse, void, { rejectValue: { status: number; message: string } }>(
  'auth/loadUser',
  async (_arg, { rejectWithValue }) => {
    try {
      const me = await fetchMe();
      writeFlags(me.uid, me.role);
      return me;
    } catch (error) {
      if (isApiError(error)) {
        if (error.status === 401) clearFlags();
        return rejectWithValue({ status: error.status, message: error.message });
      }
      throw error;
    }
  },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionStarted(state, action: PayloadAction<MeResponse>) {
      return fromMe(state, action.payload);
    },
    sessionEnded() {
      return signedOutState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadUser.pending, (state) => {
        state.fetching = true;
        state.error = null;
      })
      .addCase(loadUser.fulfilled, (state, action) => fromMe(state, action.payload))
      .addCase(loadUser.rejected, (state, action) => {
        if (action.payload?.status === 401) return signedOutState;
        state.fetching = false;
        state.error = action.payload?.message ?? action.error.message ?? 'error';
        return undefined;
      });
  },
});

/** Loading user data copies the profile fields into the state. */
function fromMe(state: AuthState, me: MeResponse): AuthState {
  const p = me.profile;
  return {
    ...state,
    createdAt: p.createdAt,
    ip: p.ip,
    uid: me.uid,
    customerId: p.customerId,
    email: p.email,
    emailVerified: p.emailVerified,
    isAnonymous: false,
    pic: p.pic,
    nom: p.nom,
    prenom: p.prenom,
    gender: p.gender,
    birthday: p.birthday,
    dreams: state.dreams,
    subsription: p.subscription,
    fetching: false,
    error: null,
    signedIn: true,
    role: me.role,
    usage: me.usage,
    resetDate: me.resetDate,
    swapsLeft: me.swapsLeft,
    colorScheme: me.colorScheme,
  };
}

export const { sessionStarted, sessionEnded } = authSlice.actions;

/** After a successful sign-in or sign-up: store the flags, then the state. */
export function startSession(me: MeResponse) {
  writeFlags(me.uid, me.role);
  return sessionStarted(me);
}

/** Clears the flags and the state without calling the server (the session is already gone). */
export function endSession() {
  clearFlags();
  return sessionEnded();
}

/** Logout: revoke the session on the server, clear the flags, reset the state, reload the page. */
export async function logout(dispatch: (action: ReturnType<typeof endSession>) => unknown): Promise<void> {
  try {
    await postLogout();
  } finally {
    dispatch(endSession());
    window.location.reload();
  }
}
