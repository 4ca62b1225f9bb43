// Public surface of the admin users feature.
export { AdminUsersPage } from './components/AdminUsersPage';
