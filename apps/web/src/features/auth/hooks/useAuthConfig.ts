// What the login screen may offer (is an OpenID Connect provider configured, and its name).
// Fetched when the screen mounts, so a changed server configuration shows after a reload.
import { useEffect, useState } from 'react';
import type { AuthConfigResponse } from '@visage/contracts';
import { fetchAuthConfig } from '../api/auth-api';

export function useAuthConfig(): AuthConfigResponse | null {
  const [config, setConfig] = useState<AuthConfigResponse | null>(null);
  useEffect(() => {
    let active = true;
    fetchAuthConfig().then(
      (value) => active && setConfig(value),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return config;
}
