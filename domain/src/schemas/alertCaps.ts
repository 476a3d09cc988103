import { z } from 'zod';
import { ALERT_CAP_MAX, ALERT_CAP_MIN } from '../rules/alerts.ts';

// Admin input for the daily alert caps (docs/DESIGN.md §2.5), shared by the server and the web app.

const cap = (channel: string) => {
  const message = `The daily ${channel} cap must be a whole number from ${ALERT_CAP_MIN} to ${ALERT_CAP_MAX}.`;
  return z.number({ error: message }).int(message).min(ALERT_CAP_MIN, message).max(ALERT_CAP_MAX, message);
};

export const alertDailyCapsInput = z.object({ sms: cap('SMS'), email: cap('e-mail') });
