import { compareByName } from './categories';

/** The cassa's catch-all for addresses it could not place: never offered to customers. */
export const HIDDEN_ZONE = 'Zona non riconosciuta';
/** Chosen by customers outside the delivery area: refused for delivery (pickup still works). */
export const UNCOVERED_ZONE = 'Altra zona';

/** Zones a customer sees: sorted by name, without the hidden one. */
export function servedZones<Z extends { name: string }>(zones: readonly Z[]): Z[] {
  return zones.filter((z) => z.name !== HIDDEN_ZONE).sort(compareByName);
}
