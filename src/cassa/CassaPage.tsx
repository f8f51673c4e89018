import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { connectCassaScreen } from '../../machines/cassaScreen.machine';
import { connectCassaOutbox } from '../../machines/cassaOutbox.machine';
import { connectCassaDayList } from '../../machines/cassaDayList.connect';
import { connectCassaPrinter } from '../../machines/cassaPrinter.machine';
import { cassaStartMachine, connectCassaStart, type OfflineCopy } from '../../machines/cassaStart.machine';
import { cassaScreenLogic } from '../api/cassaActors';
import { createCassaStartActors, keepCopy } from '../api/cassaStartActors';
import { useAppActors, useScreenActor, useView } from '../actors/AppActors';
import { InHeader } from '../ui/HeaderSlot';
import { usePageTitle } from '../ui/usePageTitle';
import { CassaViewSwitch, type CassaPane } from './CassaViewSwitch';
import { DelayMenu } from './DelayMenu';
import { cassaEffects } from './effects';
import { OrderEditor } from './OrderEditor';
import { OrdersWidget } from './OrdersWidget';
import { OutboxPanel } from './OutboxPanel';
import { withAriaRouter } from '../ui/AriaRouter';
import './cassa.css';

const CASSA_PATH = '/cassa';
/** The cassa installs as its own app: its manifest replaces the site's while the cassa is open. */
const CASSA_MANIFEST = '/cassa.webmanifest';

/** The order the URL names (`/cassa?ordine=12`), or null. */
function selectedOrder(params: URLSearchParams): number | null {
  const id = Number(params.get('ordine'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The cash desk screen: one `cassaScreen` actor, started once, with the add/edit widget above and
 * the day's list below, or 'Torna indietro' while an order is open. The URL names the open order;
 * the screen hears each change. Started offline, it shows the copy this browser kept (`copy`).
 */
export function CassaScreen({ copy }: { copy: OfflineCopy | null }) {
  const { api, cassa } = useAppActors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = selectedOrder(params);
  // The cassa's I/O is built here, in its own chunk, so no customer downloads it.
  const [logic] = useState(() =>
    cassaScreenLogic(api, {
      effects: cassa.effects ?? cassaEffects,
      cart: cassa.cartLogic,
      showOrder: (id, { replace }) => void navigate(id === null ? CASSA_PATH : `${CASSA_PATH}?ordine=${id}`, { replace }),
      scrollToTop: () => window.scrollTo({ top: 0 }),
      copy,
    }),
  );
  const [draft] = useState(cassa.draft);
  const screen = useScreenActor(logic, {
    input: { orderId, muted: cassa.muted(), createKey: () => crypto.randomUUID(), draft, savedDay: copy?.day ?? null },
  });
  const view = useView(screen, connectCassaScreen);
  useEffect(() => cassa.persistMuted(view.orders), [cassa, view.orders]);
  useEffect(() => cassa.persistDraft(view.editor), [cassa, view.editor]);
  useEffect(() => keepCopy(view.orders, view.editor), [view.orders, view.editor]);
  const outbox = useView(view.outbox, connectCassaOutbox);
  useEffect(() => screen.send({ type: 'url.changed', orderId }), [screen, orderId]);

  const list = useView(view.orders, connectCassaDayList);
  const printer = useView(view.printer, connectCassaPrinter);
  usePageTitle(list.pageTitle);
  const [pane, setPane] = useState<CassaPane>('editor');
  return (
    // An open order always shows its editor: the narrow screen's choice applies to the list's screen only.
    <section className="page cassa-page" data-pane={view.isListShown ? pane : undefined}>
      <div className="cassa-page__title">
        <h1>Cassa</h1>
        <a className="button" href="/admin/esauriti" target="_blank" rel="noopener noreferrer">
          Esauriti oggi
        </a>
        <DelayMenu actor={view.delay} tonight={view.isListShown ? list.delayableTonight : null} />
      </div>
      {(list.counters || outbox.headerCounter || printer.statusLines.length > 0) && (
        <InHeader>
          <ul className="staff-counter-list" aria-label="Contatori ordini">
            {list.counters?.map((c) => (
              <li key={c.label}>
                {c.label} <strong>{c.value}</strong>
              </li>
            ))}
            {outbox.headerCounter && <li className="staff-counter--outbox">{outbox.headerCounter}</li>}
            {printer.statusLines.map((line) => (
              <li key={line.printerId} className={line.isAlert ? 'staff-counter--alert' : undefined}>
                {line.text}
              </li>
            ))}
          </ul>
        </InHeader>
      )}
      {view.isListShown && <CassaViewSwitch pane={pane} onChange={setPane} />}
      <OrderEditor actor={view.editor} cart={view.cart} />
      <OutboxPanel view={outbox} />
      {view.isListShown && <OrdersWidget view={list} onPrint={printer.print} />}
      {view.backButton && (
        <Button className="button cassa-back" onPress={view.backButton.onPress}>
          {view.backButton.label}
        </Button>
      )}
    </section>
  );
}

function useCassaManifest() {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const site = link.getAttribute('href');
    link.setAttribute('href', CASSA_MANIFEST);
    return () => {
      if (site) link.setAttribute('href', site);
    };
  }, []);
}

/**
 * The cash desk (its own chunk, loaded only by staff): the `cassaStart` actor decides how it opens
 * (online, on the copy this browser kept, or not at all without one) and offers a new version when
 * the service worker has one waiting.
 */
function CassaPage() {
  const { api } = useAppActors();
  const [logic] = useState(() => cassaStartMachine.provide({ actors: createCassaStartActors(api) }));
  const start = useView(useScreenActor(logic), connectCassaStart);
  useCassaManifest();
  return (
    <>
      {start.update && (
        <div className="cassa-update" role="status">
          {start.update.message}{' '}
          <Button className="button" isDisabled={start.update.reloadButton.isDisabled} onPress={start.update.reloadButton.onPress}>
            {start.update.reloadButton.label}
          </Button>
        </div>
      )}
      {start.isOpen && <CassaScreen copy={start.copy} />}
      {start.isLoading && (
        <p className="page-loading" role="status">
          Caricamento in corso...
        </p>
      )}
      {start.unavailable && (
        <section className="page cassa-page">
          <h1>Cassa</h1>
          <p role="alert">{start.unavailable.message}</p>
          <Button className="button" onPress={start.unavailable.retryButton.onPress}>
            {start.unavailable.retryButton.label}
          </Button>
        </section>
      )}
    </>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ CassaPage });
