/**
 * The query of /get-alerts: Stripe Checkout's return (`success`, `session_id`, `canceled`; docs/spec/part-1.md §2, §4)
 * and a ride page's "Watch this ride" (`destination`, `park`, `ride`; docs/DESIGN.md §2.2 history).
 */
export interface GetAlertsSearch {
  success?: boolean;
  session_id?: string;
  canceled?: boolean;
  destination?: string;
  park?: string;
  ride?: string;
}

/** Reads the Get Alerts query, dropping anything of the wrong type ("true" strings count as true). */
export function validateGetAlertsSearch(s: Record<string, unknown>): GetAlertsSearch {
  return {
    ...(typeof s.destination === 'string' ? { destination: s.destination } : {}),
    ...(typeof s.park === 'string' ? { park: s.park } : {}),
    ...(typeof s.ride === 'string' ? { ride: s.ride } : {}),
    ...(s.success === true || s.success === 'true' ? { success: true } : {}),
    ...(typeof s.session_id === 'string' ? { session_id: s.session_id } : {}),
    ...(s.canceled === true || s.canceled === 'true' ? { canceled: true } : {}),
  };
}
