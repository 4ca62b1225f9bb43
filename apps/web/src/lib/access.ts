// Who may see a page. The route list marks each page with the level it needs; the app provides
// the visitor's level through AccessContext (anonymous visitors are 'public').
import { createContext, useContext } from 'react';

export const ACCESS_LEVELS = ['public', 'user', 'operator', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function hasAccess(granted: AccessLevel, required: AccessLevel | undefined): boolean {
  return ACCESS_LEVELS.indexOf(granted) >= ACCESS_LEVELS.indexOf(required ?? 'public');
}

export const AccessContext = createContext<AccessLevel>('public');

export function useAccessLevel(): AccessLevel {
  return useContext(AccessContext);
}
