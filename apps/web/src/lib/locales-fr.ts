// The French texts of the app in one chunk, loaded by lib/i18n.ts when French is first wanted
// (of the lazy namespaces, only their first-load files, as in lib/i18n.ts).
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/fr.json', '../features/*/locales/fr.json', '../features/*/locales/first-load/fr.json', '!../features/{legal,developers,account,admin-users,auth,billing,bulk,catalogue,landing,my-faces}/locales/*.json'],
  { eager: true, import: 'default' },
);
