// "Swap, Smile, Share": before + after = result, with the synthetic-face credit.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import styles from './SwapShowcase.module.css';

const STEPS = [
  { key: 'before', src: '/demo/before.webp' },
  { key: 'after', src: '/demo/after.webp' },
  { key: 'result', src: '/demo/result.webp' },
] as const;

export function SwapShowcase() {
  const { t } = useTranslation('landing');
  return (
    <section id="swap-smile-share" className={styles.section} aria-labelledby="swap-smile-share-title" data-testid="swap-showcase">
      <div className={styles.intro}>
        <h2 id="swap-smile-share-title">{t('showcase.title')}</h2>
        <p>{t('showcase.text')}</p>
      </div>
      <div className={styles.equation}>
        {STEPS.map((step, i) => (
          <Fragment key={step.key}>
            {i > 0 ? (
              <span className={styles.operator} role="img" aria-label={t(i === 1 ? 'showcase.plus' : 'showcase.equals')}>
                <Icon name={i === 1 ? 'plus' : 'equals'} size={22} />
              </span>
            ) : null}
            <figure className={`${styles.figure} ${step.key === 'result' ? styles.result : ''}`}>
              <img src={step.src} alt={t(`showcase.${step.key}Alt`)} width={480} height={480} loading="lazy" decoding="async" />
              <figcaption>{t(`showcase.${step.key}`)}</figcaption>
            </figure>
          </Fragment>
        ))}
      </div>
      <p className={styles.credit}>{t('showcase.credit')}</p>
    </section>
  );
}
