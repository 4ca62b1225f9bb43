// The Redux store. A feature adds its slice to `reducer` below; components use the typed
// hooks from ./hooks.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { uiSlice } from './ui-slice';
import { authSlice } from '../features/auth/store/auth-slice';

const reducer = combineReducers({
  ui: uiSlice.reducer,
  auth: authSlice.reducer,
});

export type RootState = ReturnType<typeof reducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer, preloadedState });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
