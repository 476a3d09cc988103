import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@walkon/server';

type Out = inferRouterOutputs<AppRouter>['lightningLane'];
/** lightningLane.status */
export type LaneStatus = Out['status'];
/** lightningLane.availability */
export type ParkLanes = Out['availability'];
export type Lane = ParkLanes['lanes'][number];
export type LanePreference = Out['preferences'][number];
export type LaneBooking = Out['bookings'][number];
export type LaneSubscription = Out['subscription'];
export type AdminLink = Out['adminLinks'][number];
