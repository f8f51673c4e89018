import { useMemo } from 'react';
import { Button, Link, ToggleButton } from 'react-aria-components';
import { connectPeriodReport, periodReportMachine } from '../../../machines/periodReport.machine';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { createPeriodReportActors, periodCsvHref } from '../../api/reportActors';
import { formatEuro, formatShopDate, shopNow, type PeriodReport, type ReportTotals } from '../../domain';
import { DateField } from '../../ui/DateField';
import { usePageTitle } from '../../ui/usePageTitle';
import { LoadFailure, Loading } from '../ui/states';
import { DaysChart } from './charts';
import { ChartWithTable, CodesTable, FiguresTable, ItemsTable, KeyFigure } from './figures';

const WEEKDAYS = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'];
const TOP = 10;

/** 'Andamento': a period's figures beside the previous period's, and its exports. */
export function PeriodReportPage() {
  usePageTitle('Andamento - Amministrazione');
  const { api } = useAppActors();
  const logic = useMemo(() => periodReportMachine.provide({ actors: createPeriodReportActors(api) }), [api]);
  const view = useView(useScreenActor(logic, { input: { today: shopNow(new Date()).date } }), connectPeriodReport);
  return (
    <section aria-labelledby="admin-period-title" className="report">
      <h1 id="admin-period-title">Andamento</h1>
      <div className="report-picker" role="group" aria-label="Periodo">
        {view.kinds.map((kind) => (
          <ToggleButton key={kind.kind} className="button" isSelected={kind.isSelected} onChange={kind.onPress}>
            {kind.label}
          </ToggleButton>
        ))}
      </div>
      {view.rangeFields.length > 0 && (
        <div className="report-range">
          {view.rangeFields.map(({ field, ...dateField }) => (
            <DateField key={field} {...dateField} />
          ))}
        </div>
      )}
      <div className="report__heading">
        <Button className="button" onPress={view.previousButton.onPress}>
          {view.previousButton.label}
        </Button>
        <h2>{view.title}</h2>
        <Button className="button" onPress={view.nextButton.onPress}>
          {view.nextButton.label}
        </Button>
      </div>
      <div className="report__exports">
        <Link className="button" href={periodCsvHref('orders', view.period)} download>
          Esporta CSV: ordini
        </Link>
        <Link className="button" href={periodCsvHref('order-lines', view.period)} download>
          Esporta CSV: righe degli ordini
        </Link>
      </div>
      {view.isLoading && <Loading />}
      {view.failure && <LoadFailure failure={view.failure} />}
      {view.emptyMessage && <p>{view.emptyMessage}</p>}
      {view.report && <PeriodFigures report={view.report} change={view.change} />}
    </section>
  );
}

const comparedFigures: { label: string; of: (totals: ReportTotals) => number; shown: (value: number) => string }[] = [
  { label: 'Incasso', of: (t) => t.revenue, shown: formatEuro },
  { label: 'Ordini', of: (t) => t.orders, shown: String },
  { label: 'Ordine medio', of: (t) => t.averageOrder, shown: formatEuro },
  { label: 'Costi di consegna', of: (t) => t.deliveryFees, shown: formatEuro },
  { label: 'Sconti', of: (t) => t.discounts, shown: formatEuro },
];

function PeriodFigures({ report, change }: { report: PeriodReport; change: (current: number, previous: number) => string | null }) {
  const { current, previous } = report;
  const best = current.products.slice(0, TOP);
  // The least sold, least first, among those not already the best.
  const worst = current.products.slice(TOP).slice(-TOP).reverse();
  return (
    <>
      <dl className="report-figures">
        {comparedFigures.map(({ label, of, shown }) => (
          <KeyFigure key={label} label={label} value={shown(of(current.totals))} note={change(of(current.totals), of(previous.totals))} />
        ))}
      </dl>
      <ChartWithTable
        title="Incasso e ordini per giorno"
        chart={<DaysChart days={current.days} />}
        table={{
          headers: ['Giorno', 'Ordini', 'Incasso'],
          rows: current.days.map((day) => [formatShopDate(day.day), day.orders, formatEuro(day.revenue)]),
        }}
      />
      <div className="report-grid">
        <ItemsTable caption="Più venduti" heading="Prodotto" items={best} />
        <ItemsTable caption="Meno venduti" heading="Prodotto" items={worst} />
        <ItemsTable caption="Impasti" heading="Impasto" items={current.doughs} />
        <ItemsTable caption="Aggiunte" heading="Aggiunta" items={current.additions} />
        <ItemsTable caption="Per categoria" heading="Categoria" items={current.categories} />
        <ItemsTable caption="Per zona" heading="Zona" items={current.zones} />
        <FiguresTable
          caption="Clienti"
          headers={['Clienti', 'Numero']}
          rows={[
            ['Nuovi', current.customers.new],
            ['Abituali', current.customers.returning],
            ['Ordini senza cliente', current.customers.unknownOrders],
          ]}
        />
        <CodesTable caption="Codici sconto usati" codes={current.discountCodes} />
      </div>
      <FiguresTable
        caption="Per giorno della settimana e ora"
        headers={['Giorno e ora', 'Ordini', 'Incasso']}
        rows={current.weekdayHours.map((cell) => [`${WEEKDAYS[cell.weekday - 1]} ore ${cell.hour}`, cell.orders, formatEuro(cell.revenue)])}
      />
    </>
  );
}
