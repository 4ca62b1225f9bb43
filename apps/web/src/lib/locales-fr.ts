// The French texts of the app in one chunk, loaded by lib/i18n.ts when French is first wanted.
export default import.meta.glob<Record<string, unknown>>(['../locales/fr.json', '../features/*/locales/fr.json', '!../features/legal/locales/*.json', '!../features/developers/locales/*.json'], {
  eager: true,
  import: 'default',
});
