// The account page's calls: /app/api/account (profile, avatar, password, sessions), the data
// export and account erasure (DELETE /app/api/me).
import {
  accountResponse,
  apiKeyList,
  avatarResponse,
  createdApiKey,
  dataExport,
  dataExportList,
  myFaceList,
  type AccountResponse,
  type ApiKeyList,
  type ColorScheme,
  type CreatedApiKey,
  type DataExport,
  type MailLanguage,
  type MyFaceList,
} from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';

export const fetchAccount = (signal?: AbortSignal): Promise<AccountResponse> => apiRequest('/account', { schema: accountResponse, signal });

export const updateProfile = (firstName: string, lastName: string) => apiRequest('/account', { method: 'PATCH', json: { firstName, lastName } });

export const saveColorScheme = (colorScheme: ColorScheme) => apiRequest('/account/color-scheme', { method: 'PUT', json: { colorScheme } });

export function uploadAvatar(file: File): Promise<{ avatarUrl: string }> {
  const form = new FormData();
  form.append('avatar', file);
  return apiRequest('/account/avatar', { method: 'POST', form, schema: avatarResponse });
}

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest('/account/password', { method: 'POST', json: { currentPassword, newPassword } });

/** Sends the confirmation link of the account's address again. */
export const resendConfirmation = (language: MailLanguage) => apiRequest('/account/email/verification', { method: 'POST', json: { language } });

/** The new address gets a link; the change takes effect once it is followed. */
export const changeEmail = (newEmail: string, password: string, language: MailLanguage) =>
  apiRequest('/account/email', { method: 'POST', json: { newEmail, password, language } });

export const revokeSession = (id: string) => apiRequest(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const signOutEverywhere = () => apiRequest('/account/sessions/revoke-all', { method: 'POST', json: {} });

export const fetchApiKeys = (signal?: AbortSignal): Promise<ApiKeyList> => apiRequest('/account/api-keys', { schema: apiKeyList, signal });

/** The answer carries the key's secret, shown this once. */
export const createApiKey = (name: string): Promise<CreatedApiKey> => apiRequest('/account/api-keys', { method: 'POST', json: { name }, schema: createdApiKey });

export const revokeApiKey = (id: string) => apiRequest(`/account/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const fetchExports = (signal?: AbortSignal): Promise<DataExport[]> => apiRequest('/account/exports', { schema: dataExportList, signal });

export const startExport = (): Promise<DataExport> => apiRequest('/account/exports', { method: 'POST', json: {}, schema: dataExport });

export const deleteAccount = (email: string) => apiRequest('/me', { method: 'DELETE', json: { email } });

/** The saved faces' count and limit, for the account page's "My faces" line. */
export const fetchMyFaces = (signal?: AbortSignal): Promise<MyFaceList> => apiRequest('/me/faces', { schema: myFaceList, signal });
