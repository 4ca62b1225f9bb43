// /admin/proshoot and /admin/prosoccer: the upload form, then the catalogue with edit and remove.
import { useTranslation } from 'react-i18next';
import type { CatalogueKind } from '@visage/contracts';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCatalogue } from '../hooks/useCatalogue';
import { OperatorEntries } from './OperatorEntries';
import { OperatorUploadForm } from './OperatorUploadForm';
import styles from './Operator.module.css';

export function OperatorCataloguePage({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation('catalogue');
  const catalogue = useCatalogue(kind);
  useDocumentTitle(t(`admin.title.${kind}`));
  return (
    <div className={styles.page} data-testid={`operator-${kind}`}>
      <header>
        <h1>{t(`admin.title.${kind}`)}</h1>
        <p>{t('admin.text')}</p>
      </header>
      <OperatorUploadForm kind={kind} players={catalogue.players} onUploaded={catalogue.reload} />
      <OperatorEntries kind={kind} entries={catalogue.entries} players={catalogue.players} onChanged={catalogue.reload} />
    </div>
  );
}
