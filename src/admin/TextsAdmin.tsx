import { useMemo } from 'react';
import { createTextsActors } from '../api/adminContentActors';
import { useAppActors } from '../actors/AppActors';
import { HEADING_FIELDS, homeFieldLabel, HOMEPAGE_FIELD_NUMBERS, HOME_TEXT_LIMITS } from '../domain';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminTextField, RecordForm, useSettingsEditor } from './ui/editor';

/** 'Testi': the shop's name, address, phones and legal line, and the home page's headings and paragraphs. */
export function TextsAdmin() {
  usePageTitle('Testi - Amministrazione');
  const { api } = useAppActors();
  const actors = useMemo(() => createTextsActors(api), [api]);
  const view = useSettingsEditor(actors);
  return (
    <section aria-labelledby="admin-texts-title">
      <h1 id="admin-texts-title">Testi</h1>
      <p className="admin-hint">Testo semplice: i clienti lo leggono così come lo scrivi, nel piè di pagina e nella pagina iniziale.</p>
      <RecordForm view={view} title="La pizzeria e la pagina iniziale" label="Testi">
        <fieldset className="admin-fieldset">
          <legend>La pizzeria</legend>
          <AdminTextField label="Nome della pizzeria" field={view.field('shop_name')} />
          <AdminTextField label="Indirizzo" field={view.field('shop_address')} />
          <AdminTextField label="Telefono 1" field={view.field('shop_phone_1')} />
          <AdminTextField label="Telefono 2" field={view.field('shop_phone_2')} />
          <AdminTextField label="Riga legale" field={view.field('shop_legal_line')} description="Ragione sociale e partita IVA" />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Pagina iniziale</legend>
          {HOMEPAGE_FIELD_NUMBERS.map((n) => (
            <AdminTextField
              key={n}
              label={homeFieldLabel(n)}
              field={view.field(`homepage_field_${n}`)}
              multiline={!HEADING_FIELDS.has(n)}
              description={`Fino a ${HEADING_FIELDS.has(n) ? HOME_TEXT_LIMITS.heading : HOME_TEXT_LIMITS.paragraph} caratteri; vuoto non si mostra`}
            />
          ))}
        </fieldset>
      </RecordForm>
    </section>
  );
}
