// Public surface of the catalogue feature (pro modes' catalogues and operator pages).
export { CatalogueModal, type CatalogueModalProps } from './components/CatalogueModal';
export { OperatorCataloguePage } from './components/OperatorCataloguePage';
export { useCatalogue, type CatalogueState } from './hooks/useCatalogue';
export { uploadProSwap, type ProTarget } from './api/catalogue-api';
export { initialFilters, type Filters } from './lib/filters';
export { valueLabel } from './lib/labels';
