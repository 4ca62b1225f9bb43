// Entry: start language from the browser (or the visitor's earlier choice) and the colours from
// the choice this device remembers, build the store, i18n and router, render.
import '@fontsource-variable/inter';
import '@fontsource-variable/plus-jakarta-sans';
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { routeList } from './app/routes';
import { routeObjects } from './app/router';
import { initialColorScheme } from './lib/color-scheme';
import { createI18n, loadLanguage } from './lib/i18n';
import { initialLanguage } from './lib/language';
import { createAppStore } from './store';
import { setColorScheme, setLanguage } from './store/ui-slice';

const language = initialLanguage();
const store = createAppStore();
store.dispatch(setLanguage(language));
store.dispatch(setColorScheme(initialColorScheme()));
document.documentElement.lang = language;
const router = createBrowserRouter(routeObjects(routeList));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A language other than English loads its texts first; if they cannot load, the app starts in
// English (createI18n falls back to it).
void loadLanguage(language)
  .catch(() => undefined)
  .then(() => createRoot(container).render(<App store={store} i18n={createI18n(language)} router={router} />));
