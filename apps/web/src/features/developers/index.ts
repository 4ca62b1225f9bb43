// The public API's documentation page, loaded as its own chunk with Swagger UI (app/routes.tsx).
export { DevelopersPage } from './components/DevelopersPage';
