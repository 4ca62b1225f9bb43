// "Add a face": a name and the first photo. The server checks the photo (one usable face) and
// the limit; its refusal is shown under the form.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MY_FACE_NAME_MAX } from '@visage/contracts/constants';
import { ACCEPT_ATTRIBUTE, checkImageFile } from '../../../lib/image-files';
import { notify } from '../../../lib/notify';
import { createMyFace } from '../api/my-faces-api';
import { errorKey } from '../lib/error-key';
import type { PrepareImage } from '../lib/prepare';
import styles from './MyFacesPage.module.css';

export function NewFaceForm({ prepare, onCreated }: { prepare: PrepareImage; onCreated: () => Promise<void> }) {
  const { t } = useTranslation('my-faces');
  const ids = { name: useId(), photo: useId(), hint: useId() };
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('errors.nameRequired');
    if (!photo) return setProblem('errors.photoRequired');
    const check = checkImageFile(photo);
    if (check) return setProblem(check === 'invalid_type' ? 'errors.invalid_image_type' : 'errors.file_too_large');
    setSaving(true);
    setProblem(null);
    try {
      const created = await createMyFace(name.trim(), await prepare(photo));
      setName('');
      setPhoto(null);
      setInputKey((k) => k + 1);
      notify(t('create.created', { name: created.name }));
      await onCreated();
    } catch (error) {
      console.error(error);
      setProblem(errorKey(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="my-faces-create" aria-busy={saving || undefined}>
      <h2>{t('create.title')}</h2>
      <label htmlFor={ids.name}>{t('create.name')}</label>
      <input className="input" id={ids.name} name="name" value={name} maxLength={MY_FACE_NAME_MAX} onChange={(e) => setName(e.target.value)} disabled={saving} required />
      <label htmlFor={ids.photo}>{t('create.photo')}</label>
      <input
        key={inputKey}
        id={ids.photo}
        name="photo"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        aria-describedby={ids.hint}
        onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        disabled={saving}
        data-testid="my-faces-create-photo"
      />
      <p id={ids.hint} className={styles.hint}>
        {t('create.photoHint')}
      </p>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? t('create.saving') : t('create.submit')}
      </button>
      {problem && (
        <p role="alert" className={styles.problem}>
          {t(problem)}
        </p>
      )}
    </form>
  );
}
