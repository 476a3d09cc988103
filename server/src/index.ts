// @walkon/server public API: the web app imports only types from here (docs/DESIGN.md §3; its schemas come from
// @walkon/domain/schemas); scripts use buildApp, hashPassword and loadServerEnv.
export { buildApp, isCrossOrigin } from './app.ts';
export { hashPassword } from './auth/password.ts';
export type { AppDeps } from './deps.ts';
export { loadServerEnv } from './env.ts';
export type { RideHistoryResponse } from './services/rideHistory.ts';
export type { DestinationsResponse, LiveResponse } from './services/waitTimes.ts';
export type { AppRouter } from './trpc/router.ts';
export { appRouter } from './trpc/router.ts';
