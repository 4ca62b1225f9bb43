// "People in this clip": one card per person found, a radio group (arrow keys move the choice,
// Tab enters at the chosen card). A person too small to swap shows as such and cannot be chosen.
import { useTranslation } from 'react-i18next';
import type { VideoPerson } from '@visage/contracts';
import styles from './VideoSwap.module.css';

interface PeopleCardsProps {
  people: VideoPerson[];
  chosen: number | null;
  onChoose: (index: number) => void;
  disabled?: boolean;
}

export function PeopleCards({ people, chosen, onChoose, disabled }: PeopleCardsProps) {
  const { t } = useTranslation('swap');
  return (
    <fieldset className={styles.people} disabled={disabled} data-testid="video-people">
      <legend>{t('video.people.title')}</legend>
      <p className={styles.hint}>{t('video.people.hint')}</p>
      <div className={styles.cards}>
        {people.map((person) => {
          const number = person.index + 1;
          return (
            <label key={person.index} className={`${styles.card} ${person.usable ? '' : styles.unusable}`} data-testid={`video-person-${person.index}`}>
              <input
                type="radio"
                name="video-person"
                className="visually-hidden"
                value={person.index}
                checked={chosen === person.index}
                disabled={!person.usable}
                onChange={() => onChoose(person.index)}
              />
              <img src={person.thumbnail} alt={t('video.people.thumbnail', { number })} />
              <span className={styles.cardName}>{t('video.people.person', { number })}</span>
              <span>{t('video.people.seen', { percent: Math.round(person.seen * 100) })}</span>
              {person.usable ? null : <span className={styles.cardProblem}>{t('video.people.tooSmall')}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
