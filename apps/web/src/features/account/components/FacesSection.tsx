// "My faces" on the account page: how many faces are saved of the most allowed, that their
// photos are kept until deleted, and the way to the page that manages them.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyFaceList } from '@visage/contracts';
import { fetchMyFaces } from '../api/account-api';
import styles from './AccountPage.module.css';

export function FacesSection() {
  const { t } = useTranslation('account');
  const [list, setList] = useState<MyFaceList | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchMyFaces(controller.signal).then(setList, (error: unknown) => {
      if (!controller.signal.aborted) console.error(error);
    });
    return () => controller.abort();
  }, []);

  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-faces">
      <h2 id="account-faces">{t('faces.title')}</h2>
      {list && <p data-testid="account-faces-count">{t('faces.count', { count: list.faces.length, max: list.maxFaces })}</p>}
      <p className={styles.hint}>{t('faces.text')}</p>
      <Link to="/app/faces" className="btn btn-secondary" data-testid="account-faces-link">
        {t('faces.manage')}
      </Link>
    </section>
  );
}
