import { useMemo } from 'react';
import { Switch } from 'react-aria-components';
import { createSoldOutActors, type SoldOutRow } from '../api/adminActors';
import { useAppActors } from '../actors/AppActors';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminListScreen, ListFrame, useRecordList } from './ui/list';

/** 'Esauriti oggi': one switch per product and addition, sold out until the end of the day. */
export function SoldOutAdmin() {
  usePageTitle('Esauriti oggi - Amministrazione');
  const { api } = useAppActors();
  const actors = useMemo(() => createSoldOutActors(api), [api]);
  const view = useRecordList<SoldOutRow>(actors);
  const categories = [...new Set(view.rows.map((row) => row.categoryName))];
  return (
    <AdminListScreen
      id="admin-soldout-title"
      title="Esauriti oggi"
      hint="Un prodotto esaurito resta visibile ai clienti, in grigio, ma non si può ordinare online; la cassa può ancora venderlo. Domani torna disponibile da solo."
    >
      <ListFrame view={view} label="Esauriti oggi" emptyText="Nessun prodotto trovato.">
        {categories.map((category) => (
          <fieldset key={category} className="admin-fieldset">
            <legend>{category}</legend>
            <ul className="admin-switches">
              {view.rows
                .filter((row) => row.categoryName === category)
                .map((row) => (
                  <li key={row.id}>
                    <Switch
                      className="admin-switch"
                      isSelected={row.soldOut}
                      isDisabled={view.isBusy}
                      onChange={(soldOut) => view.act(row.id, 'soldOut.set', soldOut)}
                    >
                      <span className="admin-switch__track" aria-hidden="true" />
                      <span>{row.name}</span>
                      {row.soldOut && <span className="badge badge--soldout">Esaurito</span>}
                    </Switch>
                  </li>
                ))}
            </ul>
          </fieldset>
        ))}
      </ListFrame>
    </AdminListScreen>
  );
}
