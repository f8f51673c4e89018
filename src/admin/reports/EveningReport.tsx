import { useMemo } from 'react';
import { Link } from 'react-aria-components';
import { connectEveningReport, eveningReportMachine } from '../../../machines/eveningReport.machine';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { createEveningReportActors, eveningPdfHref } from '../../api/reportActors';
import { formatEuro, formatShopDate, type EveningSummary } from '../../domain';
import { DateField, NO_DATE } from '../../ui/DateField';
import { usePageTitle } from '../../ui/usePageTitle';
import { LoadFailure, Loading } from '../ui/states';
import { SlotsChart } from './charts';
import { ChartWithTable, CodesTable, ItemsTable, KeyFigure, SlicesTable } from './figures';

/** Said once, on the screen that could be mistaken for a till's close. */
export const NOT_FISCAL = 'Riepilogo gestionale, non fiscale: la chiusura fiscale resta quella del registratore telematico.';

/** 'Incassi': the evening's summary of a shop day (today unless another is picked). */
export function EveningReportPage() {
  usePageTitle('Incassi - Amministrazione');
  const { api } = useAppActors();
  const logic = useMemo(() => eveningReportMachine.provide({ actors: createEveningReportActors(api) }), [api]);
  const view = useView(useScreenActor(logic), connectEveningReport);
  return (
    <section aria-labelledby="admin-evening-title" className="report">
      <h1 id="admin-evening-title">Incassi</h1>
      <p className="admin-hint">{NOT_FISCAL}</p>
      <DateField label="Giorno" {...view.dayField} description="Nessuna data: oggi" clearLabel={NO_DATE} />
      <div className="report__heading">
        <h2>Riepilogo della serata{view.shownDay && ` del ${formatShopDate(view.shownDay)}`}</h2>
        {view.shownDay && (
          <Link className="button" href={eveningPdfHref(view.shownDay)} target="_blank">
            Stampa riepilogo
          </Link>
        )}
      </div>
      {view.isLoading && <Loading />}
      {view.failure && <LoadFailure failure={view.failure} />}
      {view.emptyMessage && <p>{view.emptyMessage}</p>}
      {view.summary && <EveningFigures summary={view.summary} />}
    </section>
  );
}

function EveningFigures({ summary }: { summary: EveningSummary }) {
  const { totals, cancelled } = summary;
  return (
    <>
      <dl className="report-figures">
        <KeyFigure label="Ordini" value={String(totals.orders)} />
        <KeyFigure label="Totale" value={formatEuro(totals.revenue)} />
        <KeyFigure label="Ordine medio" value={formatEuro(totals.averageOrder)} />
        <KeyFigure label="Costi di consegna" value={formatEuro(totals.deliveryFees)} />
        <KeyFigure label="Sconti" value={formatEuro(totals.discounts)} />
        <KeyFigure label="Annullati" value={`${cancelled.orders} (${formatEuro(cancelled.value)})`} note="non inclusi nei totali" />
      </dl>
      <div className="report-grid">
        <SlicesTable caption="Per pagamento" heading="Pagamento" slices={summary.byPayment} />
        <SlicesTable caption="Per tipo di consegna" heading="Consegna" slices={summary.byDelivery} />
        <SlicesTable caption="Per provenienza" heading="Provenienza" slices={summary.bySource} />
        <CodesTable caption="Sconti per codice" codes={summary.discountCodes} />
      </div>
      <ChartWithTable
        title="Ordini e carico del forno per fascia di 15 minuti"
        chart={<SlotsChart slots={summary.slots} capacity={summary.slotCapacity} />}
        table={{
          headers: ['Orario', 'Ordini', 'Carico forno', 'Capacità'],
          rows: summary.slots.map((slot) => [slot.time, slot.orders, slot.ovenLoad, summary.slotCapacity]),
        }}
      />
      <ItemsTable caption="I 10 prodotti più venduti" heading="Prodotto" items={summary.topProducts} />
    </>
  );
}
