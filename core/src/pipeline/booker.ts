import { type LightningLaneBooker, SimulatedLightningLaneBooker } from './lightningLane.ts';

/**
 * The only Lightning Lane booker (docs/DESIGN.md §5; docs/decisions/008): simulated,
 * every booking says so. The API books and cancels through it; the worker's auto-booking defaults to the same kind.
 */
export const booker: LightningLaneBooker = new SimulatedLightningLaneBooker();
