import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SHORT_WAIT_RANGE } from '@walkon/domain/rules/alerts';
import { useCallback } from 'react';
import { pageHead } from '../../components/InfoPage.tsx';
import { GetAlertsPage } from '../../features/alerts/GetAlertsPage.tsx';
import { validateGetAlertsSearch } from '../../features/alerts/getAlertsSearch.ts';
import { PhoneAlertsCard } from '../../features/push/PhoneAlertsCard.tsx';

/**
 * /get-alerts (docs/spec/part-1.md §2): signed in; the query carries Stripe's return and a ride page's "Watch this ride";
 * the push feature's card goes into the alerts page here (docs/decisions/061).
 */
function GetAlertsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/get-alerts' });
  const clearSearch = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <GetAlertsPage search={search} clearSearch={clearSearch} phoneAlerts={<PhoneAlertsCard />} />;
}

export const Route = createFileRoute('/_authed/get-alerts')({
  head: pageHead('Get Alerts', `Choose a park and rides and get an alert when the standby wait is ${SHORT_WAIT_RANGE}.`),
  validateSearch: validateGetAlertsSearch,
  component: GetAlertsRoute,
});
