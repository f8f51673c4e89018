import { useMemo } from 'react';
import { Button, Group, Input, Label, NumberField, Radio, RadioGroup, TextArea, TextField } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import { connectCart } from '../../machines/cart.connect';
import type { cartMachine, CartSnapshot, CartEvent } from '../../machines/cart.machine';
import { connectCassaLines } from '../../machines/cassaLines.machine';
import { connectCassaOrder } from '../../machines/cassaOrder.connect';
import type { cassaOrderMachine } from '../../machines/cassaOrder.machine';
import { useView } from '../actors/AppActors';
import { CartLineItem, CartTotals, DiscountCodeForm } from '../cart';
import { AllergyNoteField } from '../ui/AllergyNoteField';
import { ProductDialog, useProductDialog } from '../menu';
import { DateField } from '../ui/DateField';
import { SuggestBox } from './SuggestBox';

type CassaOrderActor = ActorRefFrom<typeof cassaOrderMachine>;
type CartActor = ActorRefFrom<typeof cartMachine>;

// Staff may pick any dough a product allows: the shop's setting is the online menu's.
const STAFF_DOUGHS = { ecommerceVariants: () => 'yes' };
const connectCassaCart = (snapshot: CartSnapshot, send: (event: CartEvent) => void) => connectCart(snapshot, send, { isClosed: false });

/** 'Aggiungi ordine' / 'Modifica ordine': the whole phone order on one screen, keyboard first. */
export function OrderEditor({ actor, cart }: { actor: CassaOrderActor; cart: CartActor }) {
  const cartView = useView(cart, connectCassaCart);
  const view = useView(actor, connectCassaOrder);
  const { productSearch, freeItems } = useView(view.lines, connectCassaLines);
  const dialog = useProductDialog(useMemo(() => ({ cart, ...STAFF_DOUGHS }), [cart]));

  if (view.failure) {
    return (
      <section className="cassa-editor" aria-labelledby="cassa-editor-title">
        <h2 id="cassa-editor-title">{view.title}</h2>
        <p role="alert">{view.failure}</p>
        <Button className="button" onPress={view.retryButton.onPress}>
          {view.retryButton.label}
        </Button>
      </section>
    );
  }
  const { client, time } = view;
  return (
    <section className="cassa-editor" aria-labelledby="cassa-editor-title" aria-busy={view.isLoading || view.isSaving}>
      <div className="cassa-editor-head">
        <h2 id="cassa-editor-title">{view.title}</h2>
        {view.orderNumber && <p className="cassa-editor-number">{view.orderNumber}</p>}
      </div>
      <div role="status" className="cassa-messages">
        {view.message && <p className={view.message.isError ? 'cassa-failure' : 'cassa-notice'}>{view.message.text}</p>}
        {view.otherErrors.map((text) => (
          <p key={text} className="cassa-failure">
            {text}
          </p>
        ))}
      </div>

      <div className="cassa-editor-grid">
        <div className="cassa-suggest">
          <SuggestBox
            label="Nome cliente"
            listLabel="Clienti suggeriti"
            {...client}
            suggestions={client.suggestions.map((c) => ({
              id: c.id,
              name: c.name,
              content: (
                <>
                  <strong>{c.name}</strong>
                  {c.detail && <span className="muted"> {c.detail}</span>}
                </>
              ),
            }))}
          />
          {client.newClientNote && <p className="cassa-new-client">{client.newClientNote}</p>}
          {client.userNote && <p className="muted">{client.userNote}</p>}
          {view.repeatButton && (
            <Button className="button" isDisabled={view.repeatButton.isDisabled} onPress={view.repeatButton.onPress}>
              {view.repeatButton.label}
            </Button>
          )}
        </div>

        <label className="field">
          <span>Zona</span>
          <select value={view.zone.value} disabled={view.zone.isDisabled} onChange={(e) => view.zone.onChange(e.target.value)}>
            {view.zone.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {view.zone.error && <span className="field-error">{view.zone.error}</span>}
        </label>
        <Field label="Indirizzo" field={view.address} />
        <Field label="Telefono" field={view.telephone} type="tel" />

        <RadioGroup
          className="choice-group"
          value={view.delivery.value}
          onChange={view.delivery.onChange}
          isDisabled={view.delivery.isDisabled}
        >
          <Label className="choice-group__label">Tipo di consegna</Label>
          {view.delivery.options.map((o) => (
            <Radio key={o.value} value={o.value} className="choice">
              {o.label}
            </Radio>
          ))}
        </RadioGroup>
        <RadioGroup
          className="choice-group"
          value={view.payment.value}
          onChange={view.payment.onChange}
          isDisabled={view.payment.isDisabled}
        >
          <Label className="choice-group__label">Pagamento</Label>
          {view.payment.options.map((o) => (
            <Radio key={o.value} value={o.value} className="choice">
              {o.label}
            </Radio>
          ))}
        </RadioGroup>

        <div className="cassa-suggest cassa-product-search">
          <SuggestBox
            label="Nome prodotto"
            listLabel="Prodotti trovati"
            {...productSearch}
            onPick={productSearch.onAdd}
            suggestions={productSearch.results.map((p) => ({
              id: p.id,
              name: p.name,
              content: (
                <>
                  {p.name} <span className="muted">{p.price}</span>
                  {p.soldOut && <span className="badge badge--soldout">Esaurito</span>}
                </>
              ),
            }))}
          />
          <Button className="button" isDisabled={productSearch.addButton.isDisabled} onPress={productSearch.addButton.onPress}>
            Aggiungi
          </Button>
        </div>

        <fieldset className="cassa-editor-time">
          <legend>Consegna alle {time.summary}</legend>
          <TimePart label="Ora" maxValue={23} part={time.hour} />
          <TimePart label="Minuti" maxValue={59} part={time.minute} />
          <DateField
            label="Data"
            value={time.date.value}
            onChange={(date) => date && time.date.onChange(date)}
            errors={time.date.error ? [time.date.error] : []}
            isDisabled={time.date.isDisabled}
            isRequired
          />
          {time.error && <p className="field-error">{time.error}</p>}
          {time.date.closedNotice && (
            <p className="cassa-closed" role="status">
              {time.date.closedNotice}
            </p>
          )}
        </fieldset>
      </div>

      <ul className="cart-lines cassa-lines" aria-label="Prodotti dell'ordine" aria-busy={cartView.isPricing}>
        {cartView.lines.map((line) => {
          const product = view.catalogProduct(line.edit.productId);
          return (
            <CartLineItem
              key={line.key}
              line={line}
              headingLevel={3}
              note={product?.note}
              onEdit={product ? () => dialog.open(product, line.edit.line) : null}
            />
          );
        })}
      </ul>
      {cartView.isEmpty && <p className="muted">Nessun prodotto nell'ordine.</p>}

      <div className="cassa-editor-extras">
        <label className="field">
          <span>Aggiungi omaggio</span>
          <select value="" disabled={freeItems.isDisabled} onChange={(e) => e.target.value && freeItems.onAdd(Number(e.target.value))}>
            <option value="">-- Scegli un omaggio --</option>
            {freeItems.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <TextField className="field" value={view.note.value} onChange={view.note.onChange} isDisabled={view.note.isDisabled}>
          <Label>Note ordine</Label>
          <TextArea />
        </TextField>
        <AllergyNoteField field={view.allergyNote} />
        <DiscountCodeForm key={cartView.code ?? ''} label="Codice Sconto" code={cartView.code} onApply={cartView.onApplyCode} />
        {cartView.codeMessage && <p className="field-error">{cartView.codeMessage}</p>}
        {cartView.codeError && <p className="field-error">{cartView.codeError}</p>}
      </div>

      {cartView.totals && !cartView.isEmpty && <CartTotals totals={cartView.totals} finalLabel="Da pagare" />}
      <Button
        className="button button--primary cassa-confirm"
        isDisabled={view.confirmButton.isDisabled}
        onPress={view.confirmButton.onPress}
      >
        {view.confirmButton.label}
      </Button>
      <ProductDialog actor={dialog.actor} staff />
    </section>
  );
}

function Field({
  label,
  field,
  type = 'text',
}: {
  label: string;
  field: { value: string; isDisabled: boolean; error: string | null; onChange: (v: string) => void };
  type?: 'text' | 'tel';
}) {
  return (
    <TextField
      className="field"
      type={type}
      value={field.value}
      onChange={field.onChange}
      isDisabled={field.isDisabled}
      isInvalid={!!field.error}
    >
      <Label>{label}</Label>
      <Input />
      {field.error && <p className="field-error">{field.error}</p>}
    </TextField>
  );
}

function TimePart({
  label,
  maxValue,
  part,
}: {
  label: string;
  maxValue: number;
  part: { value: number; isDisabled: boolean; onChange: (n: number) => void };
}) {
  return (
    <NumberField
      className="field cassa-time-part"
      value={part.value}
      minValue={0}
      maxValue={maxValue}
      isDisabled={part.isDisabled}
      onChange={part.onChange}
      formatOptions={{ minimumIntegerDigits: 2, useGrouping: false }}
    >
      <Label>{label}</Label>
      <Group>
        <Input />
      </Group>
    </NumberField>
  );
}
