/**
 * Shipping zones and their methods, sales tax rates and customers' tax exemptions (issue 47),
 * kept by the admins (each change audited in its transaction, with the record before and after
 * as the API shows it) and read by the checkout through destinationOfAddress (destinationOf and exemptionOf alone too).
 */

// The module's entry for its routes and for other modules: zones and their methods (zones.ts),
// tax rates (tax-rates.ts), tax exemptions (tax-exemptions.ts) and what the checkout reads
// (destination.ts).
export {
  addMethod,
  addZone,
  deleteMethod,
  deleteZone,
  listZones,
  updateMethod,
  updateZone,
} from './zones.ts';
export { addRate, deleteRate, listRates, updateRate } from './tax-rates.ts';
export { deleteExemption, getExemption, saveExemption } from './tax-exemptions.ts';
export {
  destinationOf,
  destinationOfAddress,
  exemptionOf,
  type DestinationMethod,
  type DestinationRate,
} from './destination.ts';
