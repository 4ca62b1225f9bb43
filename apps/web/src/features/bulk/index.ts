// Public surface of the bulk feature: operator screens.
export { BulkPage } from './components/BulkPage';
export { Bulk2Page } from './components/Bulk2Page';
export { ManageFacesPage } from './components/ManageFacesPage';
export { AdminTestPage } from './components/AdminTestPage';
export type { PrepareImage } from './lib/files';
