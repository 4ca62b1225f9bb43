// /app/plans: the billing feature's page; once Stripe confirms a new plan the signed-in user
// is loaded again so the whole app (header, dashboard) shows it.
import { useCallback } from 'react';
import { loadUser } from '../features/auth';
import { PlansPage } from '../features/billing/pages';
import { useAppDispatch } from '../store/hooks';

export function PlansRoute() {
  const dispatch = useAppDispatch();
  const onPlanChanged = useCallback(() => void dispatch(loadUser()), [dispatch]);
  return <PlansPage onPlanChanged={onPlanChanged} />;
}
