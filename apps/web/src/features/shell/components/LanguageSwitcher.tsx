// EN / FR switch in the header. The choice goes into the store (the i18n instance follows it)
// and is remembered on this device.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { rememberLanguage, SUPPORTED_LANGUAGES, type Language } from '../../../lib/language';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { setLanguage } from '../../../store/ui-slice';
import styles from './LanguageSwitcher.module.css';

export function LanguageSwitcher() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.ui.language);

  const choose = (language: Language) => {
    dispatch(setLanguage(language));
    rememberLanguage(language);
  };

  return (
    <div className={styles.switcher} role="group" aria-label={t('language.label')} data-testid="language-switcher">
      <Icon name="globe" size={16} className={styles.globe} />
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className={styles.option}
          aria-pressed={current === language}
          title={t(`language.${language}`)}
          lang={language}
          onClick={() => choose(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
