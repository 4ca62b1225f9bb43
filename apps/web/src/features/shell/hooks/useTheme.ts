// The palette of the page shown now: its path, the user's colour choice and, for 'system', the
// device's setting as it changes.
import { useLocation } from 'react-router';
import { isDark, useDeviceDark } from '../../../lib/color-scheme';
import { useAppSelector } from '../../../store/hooks';
import { themeForPath, type Theme } from '../lib/theme';

export function useTheme(): Theme {
  const { pathname } = useLocation();
  const scheme = useAppSelector((state) => state.ui.colorScheme);
  return themeForPath(pathname, isDark(scheme, useDeviceDark()));
}
