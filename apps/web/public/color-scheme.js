// Puts the page's palette on <html> before the first paint, so that a dark choice never flashes
// light while the app loads. A plain script in <head>, run before the app's modules: the same rule
// as src/features/shell/lib/theme.ts, and the choice src/lib/color-scheme.ts keeps on this device.
(() => {
  const path = window.location.pathname;
  let choice = null;
  try {
    choice = window.localStorage.getItem('visage.colorScheme');
  } catch {
    // Storage disabled: follow the device.
  }
  const deviceDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)').matches : false;
  const dark = choice === 'dark' || (choice !== 'light' && deviceDark);
  let theme = dark ? 'dark' : 'light';
  if (path.includes('/proshoot')) theme = 'dark';
  else if (path.includes('/prosoccer')) theme = 'soccer';
  document.documentElement.dataset.theme = theme;
})();
