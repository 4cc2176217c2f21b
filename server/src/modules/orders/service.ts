import { createPartRefunds } from './part-refund-service.ts';
import { createOrderPlacing, type PlacingDeps } from './placing.ts';
import { createOrderReading, type ReadingDeps } from './reading.ts';
import { createOrderReorder } from './reorder.ts';
import { createOrderStateChanges, type StateChangeDeps } from './state-changes.ts';

// For the module's sweep (expiry.ts) and mail sender (mail-outbox.ts).
export { linesOfOrders } from './reading.ts';
export { restockOrder } from './state-changes.ts';

/**
 * The orders module's service: placing orders (placing.ts), shipping, refunding and deleting them
 * (state-changes.ts) or in part (part-refund-service.ts), reading them (reading.ts) and putting one in the cart again (reorder.ts),
 * over one set of dependencies.
 */
export function createOrdersService(deps: PlacingDeps & StateChangeDeps & ReadingDeps) {
  return {
    ...createOrderPlacing(deps),
    ...createOrderStateChanges(deps),
    ...createPartRefunds(deps),
    ...createOrderReading(deps),
    ...createOrderReorder(deps),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
