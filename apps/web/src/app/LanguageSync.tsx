// Keeps i18next and <html lang> on the language held in the store (ui.language).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../lib/i18n';
import { DEFAULT_LANGUAGE, isSupportedLanguage } from '../lib/language';
import { useAppSelector } from '../store/hooks';

export function LanguageSync() {
  const { i18n } = useTranslation();
  const language = useAppSelector((state) => state.ui.language);
  useEffect(() => {
    const effective = isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE;
    // A language not loaded yet shows once its texts have arrived.
    if (i18n.language !== effective) void switchLanguage(i18n, effective);
    document.documentElement.lang = effective;
  }, [language, i18n]);
  return null;
}
