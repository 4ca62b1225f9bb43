// What the login screen may offer (is an OpenID Connect provider configured, and its name).
// Fetched once per page load.
import { useEffect, useState } from 'react';
import type { AuthConfigResponse } from '@visage/contracts';
import { fetchAuthConfig } from '../api/auth-api';

let cached: Promise<AuthConfigResponse> | undefined;

export function useAuthConfig(): AuthConfigResponse | null {
  const [config, setConfig] = useState<AuthConfigResponse | null>(null);
  useEffect(() => {
    let active = true;
    cached ??= fetchAuthConfig().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    cached.then(
      (value) => active && setConfig(value),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return config;
}
