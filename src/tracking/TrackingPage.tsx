import { useParams } from 'react-router-dom';
import { connectOrderTracking, type OrderTrackingView } from '../../machines/orderTracking.machine';
import { orderTrackingLogic } from '../api/trackingActors';
import { useAppActors, useScreenActor, useView } from '../actors/AppActors';
import { usePageTitle } from '../ui/usePageTitle';
import { withAriaRouter } from '../ui/AriaRouter';
import './tracking.css';

/** /ordine/:token — the customer follows the order from the link in the e-mail, without login. */
function TrackingPage() {
  const token = useParams().token ?? '';
  // Another token is another order: a new actor.
  return <OrderTracking key={token} token={token} />;
}

function OrderTracking({ token }: { token: string }) {
  const { api } = useAppActors();
  const view = useView(useScreenActor(orderTrackingLogic(api), { input: { token } }), connectOrderTracking);
  usePageTitle(view.order?.title ?? 'Il tuo ordine');
  return (
    <section className="page page--narrow tracking" aria-busy={view.isLoading}>
      <h1>{view.order?.title ?? 'Il tuo ordine'}</h1>
      {view.isLoading && <p role="status">Caricamento in corso...</p>}
      {view.notFound && <p role="alert">{view.notFound}</p>}
      {view.notice && (
        <p className="notice" role="status">
          {view.notice}
        </p>
      )}
      {view.order && <TrackedOrderDetails order={view.order} />}
    </section>
  );
}

function TrackedOrderDetails({ order }: { order: NonNullable<OrderTrackingView['order']> }) {
  return (
    <>
      <p>{order.greeting}</p>
      <ol className="tracking__steps" aria-label="Stato dell'ordine">
        {order.steps.map((step) => (
          <li key={step.key} className="tracking__step" aria-current={step.isCurrent ? 'step' : undefined}>
            {step.label}
          </li>
        ))}
      </ol>
      {/* Read out when it changes: the window moves with a delay. */}
      <div aria-live="polite">
        <p className="tracking__window">{order.windowText}</p>
        {order.delayText && <p className="tracking__delay">{order.delayText}</p>}
      </div>
      <h2>{order.delivery}</h2>
      <ul className="tracking__lines">
        {order.lines.map((line) => (
          <li key={line.key}>
            <span>{line.text}</span>
            <span>{line.total}</span>
          </li>
        ))}
      </ul>
      {order.fee && <p>{order.fee}</p>}
      <p className="tracking__total">{order.total}</p>
    </>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ TrackingPage });
