// A running bulk: "7 of 15 done", a bar per target with its real progress, then each target's
// result as soon as it exists or its own failure reason, in a panel below the bars.
import { useTranslation } from 'react-i18next';
import type { BulkRun } from '../hooks/useBulkRun';
import styles from './bulk.module.css';

export function BulkRunView({ run }: { run: BulkRun }) {
  const { t } = useTranslation('bulk');
  if (run.phase === 'idle' && !run.error) return null;
  const total = run.items.length;
  return (
    <section className={styles.run} aria-label={t('run.label')} data-testid="bulk-run">
      {run.phase === 'uploading' ? (
        <p role="status">{t('run.uploading')}</p>
      ) : run.error ? (
        <p role="alert" className={styles.problem}>
          {t('alerts.failed')} {t([`reasons.${run.error}`, 'reasons.unknown'])}
        </p>
      ) : (
        <>
          <p role="status" aria-live="polite" data-testid="bulk-count">
            {t('run.count', { done: run.ended, total })}
          </p>
          <progress className={styles.overall} max={total || 1} value={run.items.reduce((sum, i) => sum + (i.status === 'failed' ? 1 : i.progress), 0)} />
        </>
      )}
      <ul className={styles.results} data-testid="bulk-results">
        {run.items.map((item, i) => (
          <li key={item.jobId} className={styles.result} data-status={item.status} data-testid="bulk-result">
            {item.status === 'done' ? (
              <a href={`/app/api/media/swaps/${item.swapId}/result`} target="_blank" rel="noreferrer">
                <img src={`/app/api/media/swaps/${item.swapId}/thumb`} alt={t('run.resultAlt', { n: i + 1, name: item.name })} />
              </a>
            ) : item.status === 'failed' ? (
              <p className={styles.problem} role="alert">
                {item.name}: {t([`reasons.${item.code ?? 'unknown'}`, 'reasons.unknown'])}
              </p>
            ) : (
              <div className={styles.pending}>
                <span>{item.name}</span>
                <progress max={1} value={item.progress} aria-label={t('run.targetProgress', { name: item.name })} />
                <span>{item.status === 'queued' ? t('run.queued') : t('run.running', { percent: Math.round(item.progress * 100) })}</span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
