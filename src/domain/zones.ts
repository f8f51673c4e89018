import { compareByName } from './categories';
import { formatEuro, type Cents } from './money';
import type { DeliveryType } from './orders';

/** The cassa's catch-all for addresses it could not place: never offered to customers. */
export const HIDDEN_ZONE = 'Zona non riconosciuta';
/** Chosen by customers outside the delivery area: refused for delivery (pickup still works). */
export const UNCOVERED_ZONE = 'Altra zona';

/** Zones a customer sees: sorted by name, without the hidden one. */
export function servedZones<Z extends { name: string }>(zones: readonly Z[]): Z[] {
  return zones.filter((z) => z.name !== HIDDEN_ZONE).sort(compareByName);
}

/** What a zone charges for home delivery: both 0 is free delivery with no minimum (the seed's zones). */
export interface ZoneCharges {
  name: string;
  feeCents: Cents;
  minOrderCents: Cents;
}

export const DELIVERY_FEE_LABEL = 'Costo di consegna';
export const MIN_ORDER_LABEL = 'Ordine minimo';

/**
 * The fee is its own line of a home delivery to a zone; pickup never pays one. A discount is taken
 * off the goods only, never off the fee (a percent code does not shrink it, a fixed one cannot eat it).
 */
export function deliveryFeeCents(delivery: DeliveryType | null, zone: ZoneCharges | null | undefined): Cents {
  return delivery === 'consegna' && zone ? zone.feeCents : 0;
}

/** Whether every zone delivers for free: the seed's case, and SPEC's 'Consegna a domicilio gratuita'. */
export const isDeliveryFree = (zones: readonly ZoneCharges[]): boolean => zones.every((z) => z.feeCents === 0);

/** What a zone asks of a home delivery, as customers read it ('consegna 2,50 €, ordine minimo 15,00 €'); '' when nothing. */
export function zoneChargesText(zone: ZoneCharges): string {
  const parts = [
    zone.feeCents > 0 ? `consegna ${formatEuro(zone.feeCents)}` : zone.minOrderCents > 0 ? 'consegna gratuita' : '',
    zone.minOrderCents > 0 ? `ordine minimo ${formatEuro(zone.minOrderCents)}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** What a stored order was charged for delivery: a reopened order compares itself with it. */
export interface StoredDelivery {
  delivery: DeliveryType;
  zoneId: number | null;
  feeCents: Cents;
}

/**
 * Reopened in the cassa, a home delivery to the same zone keeps the fee it was written with, as its
 * lines keep their prices; another zone, or a pickup turned into a delivery, pays today's fee.
 */
export function reopenedDeliveryFeeCents(
  delivery: DeliveryType | null,
  zone: (ZoneCharges & { id: number }) | null | undefined,
  stored: StoredDelivery | null,
): Cents {
  if (stored && delivery === 'consegna' && stored.delivery === 'consegna' && zone && stored.zoneId === zone.id) return stored.feeCents;
  return deliveryFeeCents(delivery, zone);
}

/**
 * Why a customer's home delivery cannot be ordered yet, or null. The minimum is measured, as pizzerias
 * do, on the goods before any discount and without the fee: a code never pushes an order under it.
 */
export function minimumOrderRefusal(goodsCents: Cents, delivery: DeliveryType | null, zone: ZoneCharges | null | undefined): string | null {
  if (delivery !== 'consegna' || !zone || goodsCents >= zone.minOrderCents) return null;
  return `L'ordine minimo per ${zone.name} è ${formatEuro(zone.minOrderCents)}.`;
}
