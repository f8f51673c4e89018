import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  FieldError,
  Input,
  Label,
  Link,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { LoginForm, RegisterForm } from '../auth';
import { connectCart } from '../../machines/cart.connect';
import { connectCheckout, type CheckoutView } from '../../machines/checkout.connect';
import { useAppActors, useScreenActor, useView } from '../actors/AppActors';
import { checkoutConfirmationMachine, connectCheckoutConfirmation } from '../../machines/checkoutConfirmation.machine';
import { createCheckoutConfirmationActors } from '../api/checkoutActors';
import { CartTotals, DiscountCodeForm } from '../cart';
import { ProductImage } from '../menu';
import { pendingClass } from '../ui/pending';
import { usePageTitle } from '../ui/usePageTitle';
import { AllergyNoteField } from '../ui/AllergyNoteField';
import { useCheckout } from './useCheckout';
import { withAriaRouter } from '../ui/AriaRouter';

/** /ecommerce/checkout — the six steps. */
function CheckoutPage() {
  usePageTitle('Checkout');
  const view = useView(useCheckout(), connectCheckout);
  const navigate = useNavigate();
  return (
    <section className="page page--narrow checkout" aria-busy={view.isLoading}>
      {view.title && (
        <>
          <p className="muted">{view.stepLabel}</p>
          <h1>{view.title}</h1>
        </>
      )}
      {view.message && (
        <p className="notice notice--error" role="alert">
          {view.message}
        </p>
      )}
      {view.step === 1 && <AccountStep />}
      {view.delivery && (
        <RadioGroup
          className="choice-group"
          value={view.delivery.value}
          onChange={view.delivery.onChange}
          isInvalid={!!view.delivery.errorMessage}
        >
          <Label className="choice-group__label">{view.delivery.label}</Label>
          {view.delivery.options.map((option) => (
            <Radio key={option.value} value={option.value} className="choice">
              {option.label}
            </Radio>
          ))}
          <FieldError className="field-error">{view.delivery.errorMessage}</FieldError>
        </RadioGroup>
      )}
      {view.address && (
        <div className="checkout-addresses">
          {view.address.saved.map((address) => (
            <Button key={address.id} className="button button--secondary" onPress={address.onPress}>
              {address.label}
            </Button>
          ))}
          <Button className="button button--secondary" {...view.address.newButton}>
            {view.address.newButton.label}
          </Button>
          {view.address.errorMessage && <p className="field-error">{view.address.errorMessage}</p>}
        </div>
      )}
      {view.details && <DetailsStep details={view.details} />}
      {view.upsell && (
        <ul className="product-list">
          {view.upsell.map((product) => (
            <li key={product.id} className="product-card">
              <ProductImage src={product.imageUrl} />
              <span className="product-card__text">
                <span className="product-card__name">{product.name}</span>
                <span className="product-card__description">{product.description}</span>
                <span className="price">{product.price}</span>
                <Button className="button button--secondary" onPress={product.addButton.onPress} aria-label={product.addButton.label}>
                  Aggiungi
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {view.summary && <SummaryStep summary={view.summary} />}
      <div className="cart-actions">
        {view.hasBackButton && (
          <Button className="button button--secondary" onPress={() => void navigate(-1)}>
            Indietro
          </Button>
        )}
        {view.nextButton && (
          <Button className="button button--primary" isDisabled={view.nextButton.isDisabled} onPress={view.nextButton.onPress}>
            {view.nextButton.label}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * Step 1: log in or register right here, the two forms side by side (so neither links to the other). A login moves the checkout on by itself (the machine
 * follows the session); a new account must first confirm its e-mail, so registering leads to
 * /auth/confirm-required, the cart waiting in this browser meanwhile.
 */
function AccountStep() {
  return (
    <div className="checkout-account">
      <section aria-labelledby="checkout-login-title">
        <h2 id="checkout-login-title">Hai già un account?</h2>
        <LoginForm isBesideOtherForm />
      </section>
      <section aria-labelledby="checkout-register-title">
        <h2 id="checkout-register-title">Sei un nuovo cliente?</h2>
        <RegisterForm isBesideOtherForm />
      </section>
    </div>
  );
}

type Field = NonNullable<NonNullable<CheckoutView['details']>['nomeCliente']>;

function TextInput({ field, type = 'text' }: { field: Field; type?: string }) {
  return (
    <TextField className="field" value={field.value} onChange={field.onChange} isInvalid={field.isInvalid} type={type}>
      <Label>{field.label}</Label>
      <Input />
      <FieldError className="field-error">{field.errorMessage}</FieldError>
    </TextField>
  );
}

function DetailsStep({ details }: { details: NonNullable<CheckoutView['details']> }) {
  return (
    <div className="checkout-form">
      {details.nomeCliente && <TextInput field={details.nomeCliente} />}
      {details.nomeCitofono && <TextInput field={details.nomeCitofono} />}
      {details.zone && (
        <Select
          className="field"
          selectedKey={details.zone.value}
          onSelectionChange={(key) => details.zone!.onChange(key === null ? null : Number(key))}
          isInvalid={!!details.zone.errorMessage}
          placeholder="-- Seleziona zona --"
        >
          <Label>{details.zone.label}</Label>
          <Button className="select-button">
            <SelectValue />
          </Button>
          <FieldError className="field-error">{details.zone.errorMessage}</FieldError>
          <Popover className="select-popover">
            <ListBox>
              {details.zone.options.map((zone) => (
                <ListBoxItem key={zone.id} id={zone.id} className="select-option" textValue={zone.name}>
                  <Text slot="label">{zone.name}</Text>
                  {zone.charges && (
                    <Text slot="description" className="select-option__detail">
                      {zone.charges}
                    </Text>
                  )}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
      )}
      {details.zone?.note && <p className="muted">{details.zone.note}</p>}
      {details.indirizzo && <TextInput field={details.indirizzo} />}
      <TextInput field={details.telefono} type="tel" />
      <RadioGroup
        className="choice-group slots"
        value={details.fascia.value || null}
        onChange={details.fascia.onChange}
        isInvalid={!!details.fascia.errorMessage}
      >
        <Label className="choice-group__label">{details.fascia.label}</Label>
        {details.fascia.options.map((slot) => (
          <Radio key={slot.value} value={slot.value} isDisabled={slot.isDisabled} className="choice">
            {slot.label}
          </Radio>
        ))}
        <FieldError className="field-error">{details.fascia.errorMessage}</FieldError>
      </RadioGroup>
      <TextField className="field" value={details.note.value} onChange={details.note.onChange}>
        <Label>{details.note.label}</Label>
        <TextArea />
      </TextField>
      <AllergyNoteField field={details.allergyNote} />
    </div>
  );
}

function SummaryStep({ summary }: { summary: NonNullable<CheckoutView['summary']> }) {
  const { cart, shop } = useAppActors();
  const isClosed = useSelector(shop, (s) => s.context.closed);
  const view = useView(cart, (snapshot, send) => connectCart(snapshot, send, { isClosed }));
  return (
    <div className="checkout-summary">
      <dl className="checkout-facts">
        {summary.facts.map((fact) => (
          <div key={fact.label} className="checkout-facts__row">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
            <dd className="checkout-facts__edit">
              <Button className="button button--secondary" {...fact.editButton}>
                Modifica
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      <ul className="simple-list">
        {view.lines.map((line) => (
          <li key={line.key}>
            {line.qty} × {line.name}
            {line.dough && ` (${line.dough})`}
            {line.additions.length > 0 && ` + ${line.additions.join(', ')}`} — {line.total}
          </li>
        ))}
      </ul>
      {summary.showsDiscountField && <DiscountCodeForm label="Codice sconto" code={view.code} onApply={summary.onApplyDiscount} />}
      {view.codeMessage && <p className="field-error">{view.codeMessage}</p>}
      {view.codeError && <p className="field-error">{view.codeError}</p>}
      {view.totals && <CartTotals totals={view.totals} finalLabel={summary.finalLabel} />}
      <Button
        className={pendingClass('button button--primary', summary.confirmButton.isPending)}
        onPress={summary.confirmButton.onPress}
        isDisabled={summary.confirmButton.isPending || view.isPricing}
      >
        {summary.confirmButton.label}
      </Button>
    </div>
  );
}

/** The tracking link the checkout put in the URL, if it is one (never a link to elsewhere). */
const trackingLinkOf = (param: string | null) => (param && /^\/ordine\/[A-Za-z0-9_-]{1,100}$/.test(param) ? param : null);

/** /ecommerce/ordine-confermato?message=…&ordine=id&segui=/ordine/<token> — the spec's message, then the order read back from the server. */
function ConfirmationPage() {
  usePageTitle('Ordine inviato');
  const [params] = useSearchParams();
  const message = params.get('message');
  const trackingLink = trackingLinkOf(params.get('segui'));
  const { api } = useAppActors();
  const actor = useScreenActor(checkoutConfirmationMachine.provide({ actors: createCheckoutConfirmationActors(api) }), {
    input: { orderId: Number(params.get('ordine') ?? Number.NaN) },
  });
  const view = useView(actor, connectCheckoutConfirmation);
  return (
    <section className="page page--narrow" aria-busy={view.isLoading}>
      <h1>Ordine inviato</h1>
      {message && <p role="status">{message}</p>}
      {view.details && (
        <ul className="simple-list confirmation-details">
          <li className="confirmation-details__number">{view.details.number}</li>
          <li>{view.details.time}</li>
          <li>{view.details.place}</li>
          <li>{view.details.total}</li>
          {view.details.fee && <li>{view.details.fee}</li>}
          <li>{view.details.payment}</li>
          {view.details.allergy && <li className="confirmation-details__allergy">{view.details.allergy}</li>}
        </ul>
      )}
      {trackingLink && (
        <p>
          <Link className="button" href={trackingLink}>
            Segui il tuo ordine
          </Link>
        </p>
      )}
      {view.accountHint && (
        <p>
          <Link href="/auth/account">{view.accountHint}</Link>
        </p>
      )}
      {view.failure && (
        <p className="notice notice--error" role="alert">
          {view.failure.message}{' '}
          <Button className="button button--secondary" onPress={view.failure.retryButton.onPress}>
            Riprova
          </Button>
        </p>
      )}
      <Link className="button button--secondary" href="/ecommerce">
        Torna al menu
      </Link>
    </section>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ CheckoutPage, ConfirmationPage });
