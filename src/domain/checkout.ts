import type { DeliveryType } from './orders';
import { isValidPhone, PHONE_MESSAGE } from './phone';
import { UNCOVERED_ZONE } from './zones';

export const ZONE_NOT_COVERED = 'Zona non coperta dal servizio di consegna.';
export const PICKUP_AVAILABLE_NOTE = 'Puoi sempre scegliere il ritiro in pizzeria.';
export const SLOT_REQUIRED = 'La fascia oraria deve essere selezionata.';
export const ADDRESS_REQUIRED = 'Seleziona un indirizzo.';

/** What the customer types at checkout step 4 (SPEC §3 checkout payload). */
export interface CheckoutDetails {
  tipoConsegna: DeliveryType | null;
  nomeCitofono: string;
  zonaConsegna: number | null;
  indirizzo: string;
  nomeCliente: string;
  telefono: string;
  fascia: string;
  note: string;
}

export type CheckoutField = 'nomeCitofono' | 'zonaConsegna' | 'indirizzo' | 'nomeCliente' | 'telefono' | 'fascia';

const required = (label: string) => `Il campo ${label} è obbligatorio.`;

/**
 * SPEC §5 step 4: every problem at once, keyed by field. The browser checks it before step 5 and the
 * server again on the order (with the zones customers may choose), so both say the same words.
 */
export function checkoutDetailsErrors(
  details: CheckoutDetails,
  zones: readonly { id: number; name: string }[],
): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  if (details.tipoConsegna === 'consegna') {
    if (!details.nomeCitofono.trim()) errors.nomeCitofono = required('nome sul citofono');
    const zone = zones.find((z) => z.id === details.zonaConsegna);
    if (details.zonaConsegna === null) errors.zonaConsegna = required('zona di consegna');
    else if (!zone) errors.zonaConsegna = 'Il campo zona di consegna è invalido.';
    else if (zone.name === UNCOVERED_ZONE) errors.zonaConsegna = ZONE_NOT_COVERED;
    if (!details.indirizzo.trim()) errors.indirizzo = required('indirizzo');
  } else if (!details.nomeCliente.trim()) {
    errors.nomeCliente = required('nome del cliente');
  }
  if (!isValidPhone(details.telefono)) errors.telefono = PHONE_MESSAGE;
  if (!details.fascia) errors.fascia = SLOT_REQUIRED;
  return errors;
}
