import { formatEuro, toCents } from '../../domain';
import { BLANK_DOUGH, createDoughEditorActors, createDoughListActors, type DoughRow } from '../../api/adminCatalogueActors';
import { usePageTitle } from '../../ui/usePageTitle';
import { AllergenFields } from '../ui/allergenFields';
import { AdminCheckbox, AdminTextField, EuroField, RecordForm, useListEditor } from '../ui/editor';
import { ListWithEditor } from '../ui/list';
import { OrderedList, type OrderedListSpec } from './OrderedList';

const offeredText = (n: number) => (n === 0 ? 'Nessun prodotto' : n === 1 ? '1 prodotto' : `${n} prodotti`);

/** 'Impasti' (from Menu): the doughs the product dialog and the cassa offer, their price modifiers and order. */
export function DoughsAdmin() {
  usePageTitle('Impasti - Amministrazione');
  return <ListWithEditor list={<OrderedList spec={DOUGHS} />} editor={(id) => <DoughEditor doughId={id} />} newSlug={DOUGHS.newSlug} />;
}

const DOUGHS: OrderedListSpec<DoughRow> = {
  id: 'admin-doughs-title',
  title: 'Impasti',
  path: '/admin/menu/impasti',
  newLabel: 'Nuovo impasto',
  newSlug: 'nuovo',
  hint: 'Il supplemento si aggiunge al prezzo della pizza. Un nuovo supplemento vale dal prossimo carrello; gli ordini già fatti tengono il loro prezzo. Quali impasti offre ogni prodotto si sceglie nel prodotto.',
  emptyText: 'Nessun impasto trovato.',
  caption: 'Impasti, nell’ordine in cui sono proposti',
  columns: [
    { header: 'Posizione', cell: (row) => row.position },
    { header: 'Impasto', cell: (row) => row.name, names: true },
    { header: 'Supplemento', cell: (row) => `+${formatEuro(toCents(row.priceModifier))}` },
    { header: 'Offerto da', cell: (row) => (row.base ? 'Impasto di base' : offeredText(row.products)) },
  ],
  createActors: createDoughListActors,
  canRemove: (row) => row.uses === 0,
};

function DoughEditor({ doughId }: { doughId: number | null }) {
  const { view, backToList } = useListEditor(createDoughEditorActors, { id: doughId, blank: BLANK_DOUGH }, '/admin/menu/impasti');
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={doughId === null ? 'Nuovo impasto' : view.savedValues.name || 'Impasto'} onLeave={backToList}>
        <AdminTextField label="Nome" field={view.field('name')} description="Da 2 a 100 caratteri, diverso dagli altri impasti" />
        <EuroField label="Supplemento" field={view.field('price_modifier')} />
        <AdminCheckbox label="Impasto di base (non si sceglie)" field={view.field('base')} />
        <AllergenFields allergens={view.field('allergens')} mayContain={view.field('may_contain')} />
      </RecordForm>
    </section>
  );
}
