export * from './client.ts';
export * from './migrate.ts';
export * as catalogue from './repositories/catalogue.ts';
export * from './types.ts';
