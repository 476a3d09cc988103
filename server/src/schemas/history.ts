import { entityId } from '@walkon/domain/schemas';
import { z } from 'zod';

/** Path of `GET /api/live/:parkId`. */
export const liveParams = z.object({ parkId: entityId });
/** Path of `GET /api/history/:parkId/:attractionId`. */
export const rideHistoryParams = z.object({ parkId: entityId, attractionId: entityId });
