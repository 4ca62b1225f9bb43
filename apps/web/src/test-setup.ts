// Unit tests build i18n instances synchronously in either language (createI18n): load every
// language's texts once, as the app does before it starts in one or switches to it.
import { loadLanguage } from './lib/i18n';
import { SUPPORTED_LANGUAGES } from './lib/language';

await Promise.all(SUPPORTED_LANGUAGES.map(loadLanguage));
