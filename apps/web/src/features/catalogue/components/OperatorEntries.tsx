// The catalogue as operators manage it: each entry with 'Edit' (its attributes) and 'Remove'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEdit, CatalogueEntry, CatalogueKind, SoccerPlayer } from '@visage/contracts';
import { editCatalogueEntry, removeCatalogueEntry } from '../api/catalogue-api';
import { valueLabel } from '../lib/labels';
import { metadataKeys, metadataOptions, withField, type Metadata } from '../lib/operator-form';
import { FilterSelect } from './FilterSelect';
import styles from './Operator.module.css';

interface Props { kind: CatalogueKind; entries: readonly CatalogueEntry[]; players: readonly SoccerPlayer[]; onChanged: () => void }

export function OperatorEntries({ kind, entries, players, onChanged }: Props) {
  const { t } = useTranslation('catalogue');
  const [editing, setEditing] = useState<{ id: string; meta: Metadata } | null>(null);
  const keys = metadataKeys(kind);
  // The attributes in the page's language, as the filters show them.
  const caption = (entry: CatalogueEntry) =>
    [entry.playerName, ...(['gender', 'ageRange', 'hairColor'] as const).map((k) => entry[k] && valueLabel(t, k, entry[k]))].filter(Boolean).join(' · ');

  const save = async () => {
    if (!editing) return;
    const changes = Object.fromEntries(keys.map((k) => [k, editing.meta[k] ?? ''])) as CatalogueEdit;
    // Player fields are names from the list: an empty one is left as it is.
    for (const k of ['playerName', 'country', 'club'] as const) if (!changes[k]) delete changes[k];
    try {
      await editCatalogueEntry(kind, editing.id, changes);
      setEditing(null);
      onChanged();
    } catch (error) {
      console.error(error);
      window.alert(t('admin.saveFailed'));
    }
  };

  const remove = async (id: string) => {
    if (!window.confirm(t('admin.confirmDelete'))) return;
    try {
      await removeCatalogueEntry(kind, id);
      onChanged();
    } catch (error) {
      console.error(error);
    }
  };

  return (
    <section className={styles.entries} data-testid="operator-entries">
      <h2 className={styles.subtitle}>{t('admin.entries', { count: entries.length })}</h2>
      {entries.length === 0 && <p className={styles.note}>{kind === 'prosoccer' ? t('prosoccer.empty') : t('admin.emptyCatalogue')}</p>}
      <ul className={styles.entryGrid}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.entry} data-entry-id={entry.id}>
            <img src={entry.thumbUrl} alt={entry.playerName ?? ''} loading="lazy" decoding="async" />
            {editing?.id === entry.id ? (
              <div className={styles.fields}>
                {keys.map((key) => (
                  <FilterSelect key={key} name={key} idPrefix={`edit-${entry.id}`} value={editing.meta[key] ?? ''} options={metadataOptions(key, players)} emptyLabel={t('admin.notSet')}
                    onChange={(value) => setEditing({ id: entry.id, meta: withField(editing.meta, key, value, players) })} />
                ))}
                <div className={styles.actions}>
                  <button type="button" className="btn btn-primary" onClick={() => void save()}>{t('admin.save')}</button>
                  <button type="button" className="btn btn-secondary" onClick={() => setEditing(null)}>{t('admin.cancel')}</button>
                </div>
              </div>
            ) : (
              <div className={styles.actions}>
                <span className={`${styles.note} ${styles.caption}`}>{caption(entry)}</span>
                <button type="button" className="btn btn-secondary" onClick={() => setEditing({ id: entry.id, meta: Object.fromEntries(keys.map((k) => [k, String((entry as Record<string, unknown>)[k] ?? '')])) })}>
                  {t('admin.edit')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => void remove(entry.id)}>{t('admin.delete')}</button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
