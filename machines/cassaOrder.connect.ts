import { allergyNoteError, CASSA_DELIVERY_LABELS, formatTime, PAYMENT_LABELS, suggestClients } from '../src/domain';
import type { DeliveryType, PaymentType } from '../src/domain';
import { connectAllergyNote } from './allergyNote.connect';
import type { CassaOrderSnapshot } from './cassaOrder.machine';
import type { CassaOrderEvent, TextField } from './cassaOrder.types';

export const NEW_CLIENT_NOTE = 'Nuovo cliente - Verrà aggiunto';
const ZONE_PLACEHOLDER = '-- Seleziona zona --';

/** The server's field names, as the widget's fields show them. */
const FIELD_ERRORS = {
  name: 'nomeCliente',
  zone: 'zone_id',
  address: 'indirizzo',
  telephone: 'telefono',
  time: 'fascia',
  date: 'delivery_date',
  note: 'note',
  allergyNote: 'allergy_note',
} as const;
const FIELD_ERROR_KEYS: readonly string[] = Object.values(FIELD_ERRORS);

/** The add/edit widget: what it shows and the handlers it calls; pure, so path tests assert it. */
export function connectCassaOrder(snapshot: CassaOrderSnapshot, send: (event: CassaOrderEvent) => void) {
  const { catalog, form, opened, message, isError, errors } = snapshot.context;
  const isNew = opened === null;
  const isEditable = snapshot.matches({ ready: { order: 'editing' } });
  const isSaving = snapshot.hasTag('saving');
  const fieldError = (name: keyof typeof FIELD_ERRORS) => errors[FIELD_ERRORS[name]] ?? null;
  const clientSuggestions =
    catalog && isNew
      ? suggestClients(catalog.clients, form.name).map((c) => ({
          id: c.id,
          name: c.name,
          detail: [c.address, c.telephone].filter(Boolean).join(' · '),
        }))
      : [];
  const field = (name: TextField) => ({
    value: form[name],
    isDisabled: !isEditable,
    onChange: (value: string) => send({ type: 'field.change', field: name, value }),
  });
  return {
    isLoading: snapshot.hasTag('loading'),
    isSaving,
    failure: snapshot.hasTag('failed') ? 'Non è stato possibile caricare clienti e prodotti.' : null,
    retryButton: { label: 'Riprova', onPress: () => send({ type: 'init.retry' }) },
    title: isNew ? 'Aggiungi ordine' : 'Modifica ordine',
    orderNumber: opened ? `Ordine numero #${opened.orderNum}` : null,
    message: message && { text: message, isError },
    /** what the server refused that no field shows (an empty cart, a product gone…) */
    otherErrors: Object.entries(errors)
      .filter(([key]) => !FIELD_ERROR_KEYS.includes(key))
      .map(([, text]) => text),
    client: {
      value: form.name,
      isDisabled: !isNew || !isEditable,
      error: fieldError('name'),
      /** the popup's own machine says when it shows; the widget says whether it has anything to show */
      box: snapshot.children.clientBox!,
      canOpen: isNew && isEditable && clientSuggestions.length > 0,
      suggestions: clientSuggestions,
      newClientNote: isNew && form.clientId === 0 && form.name.trim() !== '' ? NEW_CLIENT_NOTE : null,
      userNote: opened?.user ? `Ordine online del cliente registrato ${opened.user.name} (id ${opened.user.id})` : null,
      onChange: (text: string) => send({ type: 'client.query', text }),
      onPick: (id: number) => send({ type: 'client.pick', id }),
    },
    /** 'Ripeti ultimo ordine': shown for a known client with a past order */
    repeatButton:
      isNew && form.clientId !== 0 && (catalog?.clients.find((c) => c.id === form.clientId)?.lastOrder.length ?? 0) > 0
        ? {
            label: 'Ripeti ultimo ordine',
            isDisabled: !snapshot.can({ type: 'order.repeat' }),
            onPress: () => send({ type: 'order.repeat' }),
          }
        : null,
    zone: {
      value: form.zoneId === null ? '' : String(form.zoneId),
      isDisabled: !isEditable,
      error: fieldError('zone'),
      options: [{ value: '', label: ZONE_PLACEHOLDER }, ...(catalog?.zones ?? []).map((z) => ({ value: String(z.id), label: z.name }))],
      onChange: (value: string) => send({ type: 'zone.select', zoneId: value === '' ? null : Number(value) }),
    },
    address: { ...field('address'), error: fieldError('address') },
    telephone: { ...field('telephone'), error: fieldError('telephone') },
    note: { ...field('note'), error: fieldError('note') },
    allergyNote: {
      // The checkout's rule, said before the server says it again.
      ...connectAllergyNote(form.allergyNote, fieldError('allergyNote') ?? allergyNoteError(form.allergyNote), (value) =>
        send({ type: 'field.change', field: 'allergyNote', value }),
      ),
      isDisabled: !isEditable,
    },
    delivery: {
      value: form.delivery,
      isDisabled: !isEditable,
      options: (['consegna', 'ritiro'] as const).map((value) => ({ value, label: CASSA_DELIVERY_LABELS[value] })),
      onChange: (value: string) => send({ type: 'delivery.change', delivery: value as DeliveryType }),
    },
    payment: {
      value: form.paymentType,
      isDisabled: !isEditable,
      options: (['Contanti', 'Carta di credito'] as const).map((value) => ({ value, label: PAYMENT_LABELS[value] })),
      onChange: (value: string) => send({ type: 'payment.change', paymentType: value as PaymentType }),
    },
    time: {
      hour: { value: form.hour, isDisabled: !isEditable, onChange: (hour: number) => send({ type: 'hour.change', hour }) },
      minute: { value: form.minute, isDisabled: !isEditable, onChange: (minute: number) => send({ type: 'minute.change', minute }) },
      date: {
        ...field('date'),
        error: fieldError('date'),
        /** 'Chiuso: Natale' when the owner closed the order's day */
        closedNotice: catalog?.closedDays.find((d) => d.from <= form.date && form.date <= d.until)?.notice ?? null,
      },
      summary: formatTime(form.hour, form.minute),
      error: fieldError('time'),
    },
    /** the product search and the gifts: the `lines` child, with its own view (connectCassaLines) */
    lines: snapshot.children.lines!,
    /** The product a cart line was made of (the staff dialog reopens it), if it is still in the catalogue. */
    catalogProduct: (id: number) => catalog?.products.find((p) => p.id === id) ?? null,
    confirmButton: {
      label: isSaving ? 'Salvataggio...' : isNew ? 'Conferma ordine' : 'Modifica ordine',
      isDisabled: !snapshot.can({ type: 'order.confirm' }),
      onPress: () => send({ type: 'order.confirm' }),
    },
  };
}

export type CassaOrderView = ReturnType<typeof connectCassaOrder>;
