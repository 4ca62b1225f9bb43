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
          const words = [t('video.people.person', { number }), t('video.people.seen', { percent: Math.round(person.seen * 100) }), person.usable ? '' : t('video.people.tooSmall')];
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
                // The card's lines, read as one name (a label's separate lines may run together).
                aria-label={words.filter(Boolean).join(', ')}
              />
              {/* The card's words name the person: the face is decoration to the radio's name. */}
              <img src={person.thumbnail} alt="" />
              <span className={styles.cardName}>{words[0]}</span>
              <span>{words[1]}</span>
              {person.usable ? null : <span className={styles.cardProblem}>{words[2]}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
