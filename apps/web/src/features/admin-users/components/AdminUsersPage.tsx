// /admin/users (operators and admins): users searched by e-mail or name, a page at a time, with
// plan, image and video usage, role and sign-up date. Admins change roles, and plans while Stripe is off.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planId, role as roleSchema, type AdminUser, type AdminUsersPage as Page, type AdminUserPatch } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAppSelector } from '../../../store/hooks';
import { fetchUsers, updateUser } from '../api/admin-users-api';
import styles from './AdminUsersPage.module.css';

const PAGE_SIZE = 25;

export function AdminUsersPage() {
  const { t, i18n } = useTranslation('admin-users');
  useDocumentTitle(t('title'));
  const me = useAppSelector((state) => state.auth);
  const isAdmin = me.role === 'admin';
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // The search runs 300 ms after typing stops, from page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    const abort = new AbortController();
    fetchUsers(query, page, PAGE_SIZE, abort.signal).then(setData, (error: unknown) => {
      if (!abort.signal.aborted) setProblem(t('errors.load'));
      console.error(error);
    });
    return () => abort.abort();
  }, [query, page, t]);

  const save = (u: AdminUser, patch: AdminUserPatch) => {
    setProblem(null);
    updateUser(u.uid, patch).then(
      (updated) => setData((d) => (d ? { ...d, users: d.users.map((x) => (x.uid === updated.uid ? updated : x)) } : d)),
      (error: unknown) => setProblem(isApiError(error) && (error.code === 'own_role' || error.code === 'plan_managed_by_stripe') ? t(`errors.${error.code}`) : t('errors.save')),
    );
  };

  const date = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(ms));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <div className={styles.page} data-testid="admin-users">
      <h1>{t('title')}</h1>
      <input className={styles.search} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('search')} aria-label={t('search')} />
      {problem ? <p role="alert" className={styles.problem}>{problem}</p> : null}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('cols.user')}</th>
              <th>{t('cols.plan')}</th>
              <th>{t('cols.usage')}</th>
              <th>{t('cols.video')}</th>
              <th>{t('cols.role')}</th>
              <th>{t('cols.signedUp')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.users.map((u) => (
              <tr key={u.uid} data-testid={`user-row-${u.uid}`}>
                <td data-label={t('cols.user')}>
                  <strong>{[u.nom, u.prenom].filter(Boolean).join(' ') || '—'}</strong>
                  <br />
                  <span className={styles.email}>{u.email}</span>
                </td>
                <td data-label={t('cols.plan')}>
                  {isAdmin && data.plansEditable ? (
                    <select aria-label={t('cols.plan')} value={u.plan} onChange={(e) => save(u, { plan: planId.parse(e.target.value) })}>
                      {planId.options.map((p) => (
                        <option key={p} value={p}>{t(`plans.${p}`)}</option>
                      ))}
                    </select>
                  ) : (
                    t(`plans.${u.plan}`)
                  )}
                </td>
                <td data-label={t('cols.usage')}>{u.limit === null ? t('usageUnlimited', { used: u.usage }) : t('usage', { used: u.usage, limit: u.limit })}</td>
                <td data-label={t('cols.video')} data-testid="user-video-usage">
                  {u.videoLimit === null ? t('usageUnlimited', { used: u.videoUsage }) : u.videoLimit === 0 ? t('videoNone') : t('usage', { used: u.videoUsage, limit: u.videoLimit })}
                </td>
                <td data-label={t('cols.role')}>
                  {isAdmin && u.uid !== me.uid ? (
                    <select aria-label={t('cols.role')} value={u.role} onChange={(e) => save(u, { role: roleSchema.parse(e.target.value) })}>
                      {roleSchema.options.map((r) => (
                        <option key={r} value={r}>{t(`roles.${r}`)}</option>
                      ))}
                    </select>
                  ) : (
                    t(`roles.${u.role}`)
                  )}
                </td>
                <td data-label={t('cols.signedUp')}>{date(u.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && data.users.length === 0 ? <p>{t('empty')}</p> : null}
      <nav className={styles.pager} aria-label={t('pager.label')}>
        <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>{t('pager.previous')}</button>
        <span>{t('pager.status', { page, pages, total: data?.total ?? 0 })}</span>
        <button type="button" className="btn btn-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>{t('pager.next')}</button>
      </nav>
    </div>
  );
}
