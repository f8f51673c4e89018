import {
  Button,
  Checkbox,
  Dialog,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  SearchField,
} from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { connectProductDialog, type productDialogMachine } from '../../machines/productDialog.machine';
import { useView } from '../actors/AppActors';
import { ProductImage } from './ProductImage';

/** Wide screens show the picture across the dialog (520 px less its padding); narrow ones at 132 px. */
const DIALOG_IMAGE_SIZES = '(min-width: 769px) 480px, 132px';

/**
 * The product dialog (react-aria's modal: focus stays inside and goes back to the product on close;
 * Escape and a click outside close it). Everything it shows comes from the machine's view-model.
 */
export default function ProductDialog({ actor, staff = false }: { actor: ActorRefFrom<typeof productDialogMachine>; staff?: boolean }) {
  const view = useView(actor, connectProductDialog);
  const { product, dough, additions, allergens, quantity } = view;
  return (
    <ModalOverlay isOpen={view.isOpen} onOpenChange={view.onOpenChange} isDismissable className="modal-overlay">
      <Modal className="modal product-dialog">
        <Dialog aria-labelledby="product-dialog-title" className="product-dialog__body">
          {product && (
            <>
              <div className="product-dialog__head">
                <ProductImage src={product.imageUrl} sizes={DIALOG_IMAGE_SIZES} />
                <div>
                  <Heading slot="title" id="product-dialog-title">
                    {product.name}
                  </Heading>
                  <p className="price">{product.price}</p>
                </div>
                <Button className="icon-button product-dialog__close" {...view.closeButton}>
                  ×
                </Button>
              </div>
              {product.description && <p className="product-dialog__description">{product.description}</p>}
              {dough && (
                <RadioGroup className="choice-group" value={dough.value} onChange={dough.onChange}>
                  <Label className="choice-group__label">{dough.label}</Label>
                  {dough.options.map((option) => (
                    <Radio key={option.value} value={option.value} className="choice">
                      {option.label}
                    </Radio>
                  ))}
                </RadioGroup>
              )}
              {additions && (
                <div className="choice-group" role="group" aria-labelledby="product-dialog-additions">
                  <span className="choice-group__label" id="product-dialog-additions">
                    {additions.label}
                  </span>
                  {/* The cassa's dialog: the ingredient list is long, the cashier types to find one. */}
                  {staff && (
                    <SearchField
                      className="field"
                      value={additions.search.value}
                      onChange={additions.search.onChange}
                      aria-label={additions.search.label}
                    >
                      <Input placeholder={additions.search.label} />
                    </SearchField>
                  )}
                  {additions.options.length === 0 && <p className="muted">{additions.emptyMessage}</p>}
                  {additions.options.map((option) => (
                    <Checkbox key={option.id} className="choice choice--checkbox" isSelected={option.isSelected} onChange={option.onChange}>
                      {option.label}
                    </Checkbox>
                  ))}
                </div>
              )}
              {allergens && (
                <section className="product-dialog__allergens" aria-labelledby="product-dialog-allergens">
                  <h3 id="product-dialog-allergens">{allergens.title}</h3>
                  {allergens.items.length > 0 ? (
                    <ul className="allergen-list">
                      {allergens.items.map((label) => (
                        <li key={label}>{label}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="muted">{allergens.emptyMessage}</p>
                  )}
                  {allergens.mayContain && <p>{allergens.mayContain}</p>}
                  {!staff && <Link to={allergens.link.href}>{allergens.link.label}</Link>}
                </section>
              )}
              <div className="quantity" role="group" aria-labelledby="product-dialog-qty">
                <span id="product-dialog-qty">{quantity.label}</span>
                <Button className="icon-button" {...quantity.decrementButton}>
                  −
                </Button>
                <output aria-live="polite">{quantity.value}</output>
                <Button className="icon-button" {...quantity.incrementButton}>
                  +
                </Button>
              </div>
              <div className="product-dialog__footer">
                {staff && (
                  <Button className="button button--secondary" onPress={view.closeButton.onPress}>
                    Indietro
                  </Button>
                )}
                <Button className="button button--primary product-dialog__confirm" onPress={view.confirmButton.onPress}>
                  {view.confirmButton.label}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
