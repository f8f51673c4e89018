import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectOrderPolling, orderPollingMachine } from '../../machines/orderPolling.machine';
import { createOrderPollingActors } from '../api/cassaActors';
import { useAppActors, useView } from '../app/AppActors';
import { InHeader } from '../app/HeaderSlot';
import { usePageTitle } from '../ui/usePageTitle';
import { cassaEffects } from './effects';
import { OrdersWidget } from './OrdersWidget';
import './cassa.css';

/** The cash desk screen (its own chunk, loaded only by staff). */
export function CassaPage() {
  const { api, cassa } = useAppActors();
  const navigate = useNavigate();
  const [effects] = useState(() => cassa.effects ?? cassaEffects);
  // The cassa's I/O is built here, in its own chunk, so no customer downloads it.
  const [actors] = useState(() => createOrderPollingActors(api));
  const polling = useActorRef(
    orderPollingMachine.provide({
      actors,
      actions: {
        chime: () => effects.chime(),
        loadTicket: (_, { id }) => effects.loadTicket(id),
        printTicket: (_, { id }) => effects.printTicket(id),
        // The URL names the order being edited (the editor reads it); the list scrolls out of the way.
        openOrder: (_, { id }) => {
          navigate(`/cassa?ordine=${id}`);
          window.scrollTo({ top: 0 });
        },
      },
    }),
    { input: { date: null, muted: cassa.muted() } },
  );
  useEffect(() => cassa.persistMuted(polling), [cassa, polling]);
  const view = useView(polling, connectOrderPolling);
  usePageTitle(view.pageTitle);
  return (
    <section className="page cassa-page">
      <h1>Cassa</h1>
      {view.counters && (
        <InHeader>
          <ul className="staff-counter-list" aria-label="Contatori ordini">
            {view.counters.map((c) => (
              <li key={c.label}>
                {c.label} <strong>{c.value}</strong>
              </li>
            ))}
          </ul>
        </InHeader>
      )}
      <OrdersWidget view={view} />
    </section>
  );
}
