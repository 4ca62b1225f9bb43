// Public surface of the accounts feature.
export { AuthProvider } from './components/AuthProvider';
export { AccountActions, type AccountActionsProps } from './components/AccountActions';
export { AccountHome } from './components/AccountHome';
export { authSlice, loadUser, endSession, logout, type AuthState } from './store/auth-slice';
export { AUTH_STORAGE_KEY, readFlags } from './lib/local-flags';
