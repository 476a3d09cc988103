import { type LightningLaneBooker, SimulatedLightningLaneBooker } from './lightningLane.ts';

/**
 * The only Lightning Lane booker (DESIGN §5; docs/decisions/008-lightning-lane-booker-simulated.md): simulated,
 * every booking says so. The API books and cancels through it; the worker's auto-booking defaults to the same kind.
 */
export const booker: LightningLaneBooker = new SimulatedLightningLaneBooker();
