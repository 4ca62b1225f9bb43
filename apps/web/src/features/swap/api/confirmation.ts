// "Send the link again" when a swap is refused until the address is confirmed (the account
// page has its own copy: features never import one another).
import type { MailLanguage } from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';

export const resendConfirmationLink = (language: MailLanguage) => apiRequest('/account/email/verification', { method: 'POST', json: { language } });
