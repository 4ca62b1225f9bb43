// The two mode cards above the swap form: Proshoot and Pro Soccer Swap, each with an Open button.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import styles from './ModeCards.module.css';

const MODES = [
  { key: 'proshoot', to: '/app/proshoot', icon: 'briefcase' },
  { key: 'prosoccer', to: '/app/prosoccer', icon: 'ball' },
] as const;

export function ModeCards() {
  const { t } = useTranslation('swap');
  return (
    <section className={styles.modes} aria-label={t('cards.heading')}>
      {MODES.map((mode) => {
        const title = t(`cards.${mode.key}.title`);
        return (
          <article key={mode.key} className={`card ${styles.mode} ${mode.key === 'prosoccer' ? styles.modeProsoccer : ''}`} data-testid={`mode-card-${mode.key}`}>
            <span className={styles.modeGlyph}>
              <Icon name={mode.icon} size={28} />
            </span>
            <div className={styles.modeText}>
              <h2>{title}</h2>
              <p>{t(`cards.${mode.key}.subtitle`)}</p>
            </div>
            <Link className="btn btn-primary" to={mode.to} aria-label={t('cards.openLabel', { name: title })}>
              {t('cards.open')}
            </Link>
          </article>
        );
      })}
    </section>
  );
}
