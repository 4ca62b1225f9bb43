// A session's device in the page's language: the browser and system names stay as they are, the
// words around them ('on', 'Unknown device') are translated.
import type { TFunction } from 'i18next';
import type { AccountSession } from '@visage/contracts';

export function deviceLabel(t: TFunction<'account'>, session: Pick<AccountSession, 'browser' | 'system'>): string {
  const { browser, system } = session;
  if (browser && system) return t('sessions.device', { browser, system });
  return browser ?? system ?? t('sessions.unknownDevice');
}
