export { LandingPage } from './components/LandingPage';
