// The sign-in and e-mail link pages, each loaded as a chunk when first shown (app/routes.tsx): a
// signed-in visitor's first load never needs them.
export { LoginPage } from './components/LoginPage';
export { ForgotPasswordPage } from './components/ForgotPasswordPage';
export { ResetPasswordPage } from './components/ResetPasswordPage';
export { VerifyEmailPage } from './components/VerifyEmailPage';
