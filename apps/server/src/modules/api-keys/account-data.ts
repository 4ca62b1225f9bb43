// API keys in "Download my data" (name, prefix, dates) and in erasure (every key removed, again
// after the account row is gone: a key created while erasure began is removed too).
import type { DataSection, Eraser } from '../account/registry.ts';
import type { ApiKeysService } from './service.ts';

export function apiKeysAccountData(keys: ApiKeysService): [DataSection, Eraser] {
  return [
    { name: 'apiKeys', collect: async (uid) => ({ data: await keys.exportFor(uid), keys: [] }) },
    { name: 'apiKeys', again: true, erase: (uid) => keys.eraseAll(uid) },
  ];
}
