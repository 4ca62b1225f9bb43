// '/': the landing page with the plans under it, a lazy chunk of its own: a signed-in visitor
// starts on /app, whose first load should not carry a page it does not show.
import { PlansSection } from '../features/billing/pages';
import { LandingPage } from '../features/landing';

export function HomePage() {
  return (
    <>
      <LandingPage />
      <PlansSection />
    </>
  );
}
