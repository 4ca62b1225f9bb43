// One attribute select: the modal's filters (with the empty "all" option) and the operator form.
import { useTranslation } from 'react-i18next';
import type { FilterKey } from '../lib/filters';
import { valueLabel } from '../lib/labels';
import styles from './CatalogueModal.module.css';

interface FilterSelectProps {
  name: FilterKey;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  /** Label of the empty option ('All' for filters, '—' for "not set"). */
  emptyLabel: string;
  idPrefix: string;
}

export function FilterSelect({ name, value, options, onChange, emptyLabel, idPrefix }: FilterSelectProps) {
  const { t } = useTranslation('catalogue');
  const id = `${idPrefix}-${name}`;
  // A stored value outside this list (demo content's ethnicity 'other' in the operator's list) stays
  // selectable, so editing an entry never blanks it silently.
  const shown = value && !options.includes(value) ? [...options, value] : options;
  const label = (v: string) => valueLabel(t, name, v);
  return (
    <label className={styles.filter} htmlFor={id}>
      <span>{t(`filters.${name}`)}</span>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} data-testid={`${idPrefix}-${name}`}>
        <option value="">{emptyLabel}</option>
        {shown.map((v) => (
          <option key={v} value={v}>
            {label(v)}
          </option>
        ))}
      </select>
    </label>
  );
}
