import { ALLERGY_NOTE_LABEL, DELIVERY_LABELS, formatEuro, PICKUP_AVAILABLE_NOTE, ZONE_NOT_COVERED, zoneChargesText } from '../src/domain';
import { connectAllergyNote } from './allergyNote.connect';
import { PENDING_LABEL } from './authForm';
import { checkoutStep, type CheckoutSnapshot } from './checkout.machine';
import type { CheckoutEvent, CheckoutForm, EditableStep, FieldName, Step, TextField } from './checkout.types';
import type { Zone } from './shop.machine';

export const STEP_TITLES: Record<Step, string> = {
  1: 'Accedi o registrati',
  2: 'Consegna o ritiro',
  3: 'Indirizzo',
  4: 'Dettagli',
  5: 'Ti consigliamo anche',
  6: 'Riepilogo',
};

/** The steps a checkout goes through: pickup has no address step. */
const stepsOf = (form: CheckoutForm): readonly Step[] => (form.tipoConsegna === 'ritiro' ? [1, 2, 4, 5, 6] : [1, 2, 3, 4, 5, 6]);

/** What the summary says of where and when, each fact with the step that changes it. */
function summaryFacts(form: CheckoutForm, zones: readonly Zone[]): { label: string; value: string; step: EditableStep }[] {
  const facts: { label: string; value: string; step: EditableStep }[] = [
    { label: 'Consegna o ritiro', value: DELIVERY_LABELS[form.tipoConsegna ?? 'consegna'], step: 2 },
  ];
  if (form.tipoConsegna === 'ritiro') facts.push({ label: 'Nome', value: form.nomeCliente, step: 4 });
  else {
    facts.push(
      { label: 'Indirizzo', value: form.indirizzo, step: 4 },
      { label: 'Zona di consegna', value: zones.find((z) => z.id === form.zonaConsegna)?.name ?? '', step: 4 },
      { label: 'Nome sul citofono', value: form.nomeCitofono, step: 4 },
    );
  }
  facts.push({ label: 'Telefono', value: form.telefono, step: 4 }, { label: 'Fascia oraria', value: form.fascia, step: 4 });
  if (form.note.trim()) facts.push({ label: 'Note', value: form.note, step: 4 });
  if (form.allergy_note.trim()) facts.push({ label: ALLERGY_NOTE_LABEL, value: form.allergy_note, step: 4 });
  return facts;
}

/** What each step shows and the handlers it calls. */
export function connectCheckout(snapshot: CheckoutSnapshot, send: (event: CheckoutEvent) => void) {
  const { context } = snapshot;
  const step = checkoutStep(snapshot);
  /** 0 while the checkout waits for the browser's copy: nothing of a step shows yet */
  const at = step ?? 0;
  const { form, errors } = context;
  const isPickup = form.tipoConsegna === 'ritiro';
  const isSubmitting = snapshot.hasTag('submitting');
  const field = (name: TextField, label: string) => ({
    label,
    value: form[name],
    errorMessage: errors[name as FieldName] ?? null,
    isInvalid: Boolean(errors[name as FieldName]),
    onChange: (value: string) => send({ type: 'field.change', field: name, value }),
  });
  return {
    step,
    title: step ? STEP_TITLES[step] : null,
    stepLabel: step ? `Passo ${stepsOf(form).indexOf(step) + 1} di ${stepsOf(form).length}` : null,
    isLoading: snapshot.hasTag('loading'),
    message: context.message,
    nextButton:
      at >= 2 && at <= 5
        ? { label: 'Prosegui', isDisabled: !snapshot.can({ type: 'step.next' }), onPress: () => send({ type: 'step.next' }) }
        : null,
    /** 'Indietro' from step 3: the page goes back in the history, whose entry is sent back as `checkout.restore` */
    hasBackButton: at >= 3 && !isSubmitting,
    delivery:
      step === 2
        ? {
            label: 'Come vuoi ricevere il tuo ordine?',
            value: form.tipoConsegna,
            options: (['consegna', 'ritiro'] as const).map((value) => ({
              value,
              label: DELIVERY_LABELS[value],
            })),
            errorMessage: errors.tipoConsegna ?? null,
            onChange: (value: string) => send({ type: 'delivery.select', delivery: value === 'ritiro' ? 'ritiro' : 'consegna' }),
          }
        : null,
    address:
      step === 3
        ? {
            saved: context.addresses
              .filter((a) => a.delivery === form.tipoConsegna)
              .map((a) => ({
                id: a.id,
                label: [a.name, a.address, a.telephone].filter(Boolean).join(' — '),
                onPress: () => send({ type: 'address.select', id: a.id }),
              })),
            newButton: { label: 'Aggiungi un nuovo indirizzo', onPress: () => send({ type: 'address.select', id: 0 }) },
            errorMessage: errors.addressSelector ?? null,
          }
        : null,
    details:
      step === 4
        ? {
            isPickup,
            nomeCitofono: isPickup ? null : field('nomeCitofono', 'Nome sul citofono'),
            indirizzo: isPickup ? null : field('indirizzo', 'Indirizzo'),
            nomeCliente: isPickup ? field('nomeCliente', 'Nome') : null,
            zone: isPickup
              ? null
              : {
                  label: 'Zona di consegna',
                  value: form.zonaConsegna,
                  options: context.zones.map((z) => ({ id: z.id, name: z.name, charges: zoneChargesText(z) })),
                  errorMessage: errors.zonaConsegna ?? null,
                  note: errors.zonaConsegna === ZONE_NOT_COVERED ? PICKUP_AVAILABLE_NOTE : null,
                  onChange: (zoneId: number | null) => send({ type: 'zone.select', zoneId }),
                },
            telefono: field('telefono', 'Telefono'),
            note: field('note', 'Note'),
            allergyNote: connectAllergyNote(form.allergy_note, errors.allergy_note ?? null, (value) =>
              send({ type: 'field.change', field: 'allergy_note', value }),
            ),
            fascia: {
              label: 'Fascia oraria',
              value: form.fascia,
              options: context.timeslots.map((t) => ({ value: t.time, label: t.time, isDisabled: !t.available })),
              errorMessage: errors.fascia ?? null,
              onChange: (value: string) => send({ type: 'field.change', field: 'fascia', value }),
            },
          }
        : null,
    upsell:
      step === 5
        ? context.suggestions.map((product) => ({
            id: product.id,
            name: product.name,
            description: product.description,
            imageUrl: product.image_url,
            price: formatEuro(product.priceCents),
            addButton: { label: `Aggiungi ${product.name}`, onPress: () => send({ type: 'upsell.add', product }) },
          }))
        : null,
    summary:
      step === 6
        ? {
            /** where and when, each with 'Modifica' back to its step (from which 'Prosegui' returns here) */
            facts: summaryFacts(form, context.zones).map((fact) => ({
              ...fact,
              editButton: {
                'aria-label': `Modifica ${fact.label.toLowerCase()}`,
                isDisabled: isSubmitting,
                onPress: () => send({ type: 'summary.edit', step: fact.step }),
              },
            })),
            /** the totals' last line: what is paid, and when */
            finalLabel: isPickup ? 'Da pagare al ritiro' : 'Da pagare alla consegna',
            /** the code field is hidden for pickup (RITIRO-IN-PIZZERIA is applied by itself) */
            showsDiscountField: !isPickup,
            onApplyDiscount: (code: string) => send({ type: 'discount.apply', code }),
            /** pending while the order is on its way: it says so and cannot be pressed again */
            confirmButton: {
              label: isSubmitting ? PENDING_LABEL : 'Conferma ordine',
              isPending: isSubmitting,
              onPress: () => send({ type: 'order.confirm' }),
            },
          }
        : null,
  };
}

export type CheckoutView = ReturnType<typeof connectCheckout>;
