import { useMemo } from 'react';
import { Button, Checkbox, FieldError, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { bulkPriceMachine, connectBulkPrice } from '../../../machines/bulkPrice.machine';
import { createBulkPriceActors, type MenuCategory } from '../../api/adminActors';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { formatEuro, type BulkPriceMode } from '../../domain';
import { usePageTitle } from '../../ui/usePageTitle';

/** 'Aumento prezzi': one change on the prices of chosen categories, previewed before it is applied. */
export function BulkPriceAdmin({ categories }: { categories: MenuCategory[] }) {
  usePageTitle('Aumento prezzi - Amministrazione');
  const { api } = useAppActors();
  const logic = useMemo(() => bulkPriceMachine.provide({ actors: createBulkPriceActors(api) }), [api]);
  const view = useView(useScreenActor(logic), connectBulkPrice);
  return (
    <section aria-labelledby="admin-bulk-title" className="admin-editor">
      <h1 id="admin-bulk-title">Aumento prezzi</h1>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          view.previewButton.onPress();
        }}
      >
        <fieldset className="admin-fieldset" aria-describedby={view.categoryErrors.length > 0 ? 'bulk-category-error' : undefined}>
          <legend>Categorie</legend>
          {categories.map((category) => (
            <Checkbox
              key={category.id}
              className="admin-checkbox"
              isSelected={view.isChosen(category.id)}
              onChange={() => view.toggleCategory(category.id)}
            >
              <span className="admin-checkbox__box" aria-hidden="true" />
              {category.name}
            </Checkbox>
          ))}
          {view.categoryErrors.length > 0 && (
            <p id="bulk-category-error" className="field__error">
              {view.categoryErrors.join(' ')}
            </p>
          )}
        </fieldset>
        <RadioGroup className="field" value={view.mode.value} onChange={(value) => view.mode.onChange(value as BulkPriceMode)}>
          <Label className="field__label">Tipo di variazione</Label>
          <Radio value="percent" className="admin-checkbox admin-checkbox--radio">
            <span className="admin-checkbox__box" aria-hidden="true" />
            Percentuale (%)
          </Radio>
          <Radio value="euro" className="admin-checkbox admin-checkbox--radio">
            <span className="admin-checkbox__box" aria-hidden="true" />
            Euro (€)
          </Radio>
        </RadioGroup>
        <TextField
          className="field"
          value={view.amount.value}
          onChange={view.amount.onChange}
          isInvalid={view.amount.errors.length > 0}
          validationBehavior="aria"
        >
          <Label className="field__label">Variazione</Label>
          <Input className="field__input" inputMode="decimal" />
          <p className="field__hint" slot="description">
            Ad esempio 5 (per +5 %) o -0,50 (per togliere 50 centesimi). I prezzi sono arrotondati a 0,10 €.
          </p>
          <FieldError className="field__error">{view.amount.errors.join(' ')}</FieldError>
        </TextField>
        <div className="admin-savebar">
          <Button type="submit" className="button" isDisabled={view.previewButton.isDisabled}>
            {view.previewButton.label}
          </Button>
          {view.applyButton && (
            <Button className="button button--primary" isDisabled={view.applyButton.isDisabled} onPress={view.applyButton.onPress}>
              {view.applyButton.label}
            </Button>
          )}
          <div role="status" aria-live="polite" className={`admin-notice admin-notice--${view.notice?.tone ?? 'none'}`}>
            {view.notice?.message}
          </div>
        </div>
      </form>
      {view.lines.length > 0 && (
        <table className="admin-table">
          <caption>Anteprima dei nuovi prezzi</caption>
          <thead>
            <tr>
              <th scope="col">Prodotto</th>
              <th scope="col">Categoria</th>
              <th scope="col">Prezzo attuale</th>
              <th scope="col">Nuovo prezzo</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">{line.name}</th>
                <td>{line.categoryName}</td>
                <td>{formatEuro(line.oldCents)}</td>
                <td>{formatEuro(line.newCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
