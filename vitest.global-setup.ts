import { prepareTemplate } from './db/src/testing.ts';

/** Migrates this run's template database once; the returned teardown drops the run's databases (DESIGN §4). */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareTemplate();
}
