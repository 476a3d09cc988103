// @walkon/server public API: the web app imports only types and schemas from here (DESIGN §3).
export { buildApp, isCrossOrigin } from './app.ts';
export { hashPassword } from './auth/password.ts';
export type { AppDeps } from './deps.ts';
export { loadServerEnv } from './env.ts';
export * from './schemas.ts';
export type { RideHistoryResponse } from './services/rideHistory.ts';
export type { LiveResponse } from './services/waitTimes.ts';
export type { AppRouter } from './trpc/router.ts';
export { appRouter, createCaller } from './trpc/router.ts';
