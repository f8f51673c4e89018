import { Button, Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { accountMachine, connectAccount, type AccountView } from '../../machines/account.machine';
import { getAppActor } from '../../machines/app.machine';
import { reorderChoices } from '../../machines/reorder';
import { useApiActors, useSession, useView, useScreenActor } from '../actors/AppActors';
import { createAccountActors } from '../api/accountActors';
import { DELIVERY_LABELS } from '../domain';
import { ActionsColumnHeader } from '../ui/ActionsColumnHeader';
import { QuestionDialog } from '../ui/QuestionDialog';
import { usePageTitle } from '../ui/usePageTitle';
import { RequireUser } from './guards';

/** /auth/account — 'Il mio Account': order history, saved addresses, loyalty card; guests go to /ecommerce. */
export function AccountPage() {
  return (
    <RequireUser>
      <Account />
    </RequireUser>
  );
}

function Account() {
  const actors = useApiActors(createAccountActors);
  const navigate = useNavigate();
  const account = accountMachine.provide({
    actors,
    actions: {
      // Today's menu decides what can be ordered again; the cart prices it as it prices every line.
      reorder: ({ self, system }, { order }) => {
        const { choices, missing } = reorderChoices(order.lines, getAppActor(system, 'shop').getSnapshot().context.products);
        const cart = getAppActor(system, 'cart');
        for (const choice of choices) cart.send({ type: 'line.add', choice });
        self.send({ type: 'reorder.done', added: choices.length, missing });
      },
      openTracking: (_, { path }) => void navigate(path),
    },
  });
  const view = useView(useScreenActor(account), connectAccount);
  const { logoutButton, logoutQuestion } = useSession();
  const { texts } = view;
  usePageTitle(texts.title);
  return (
    <section className="page account">
      <h1>{texts.title}</h1>
      <div className="account__actions">
        <Link href="/auth/change-password" className="button button--secondary">
          {texts.changePassword}
        </Link>
        <Button className="button button--primary" {...logoutButton}>
          {texts.logout}
        </Button>
      </div>
      <QuestionDialog title="Ordini da inviare" question={logoutQuestion} />
      <Tabs className="tabs">
        <TabList aria-label={texts.title} className="tabs__list">
          <Tab id="orders">{texts.ordersTab}</Tab>
          <Tab id="addresses">{texts.addressesTab}</Tab>
          <Tab id="loyalty">{texts.loyaltyTab}</Tab>
        </TabList>
        <TabPanel id="orders" className="tabs__panel">
          <Orders orders={view.orders} texts={texts} />
        </TabPanel>
        <TabPanel id="addresses" className="tabs__panel">
          <Addresses addresses={view.addresses} texts={texts} />
        </TabPanel>
        <TabPanel id="loyalty" className="tabs__panel">
          <p className="loyalty">{texts.loyalty}</p>
        </TabPanel>
      </Tabs>
    </section>
  );
}

function Failure({ failure, retry }: { failure: { message: string; retryButton: { onPress: () => void } } | null; retry: string }) {
  return failure ? (
    <p className="notice notice--error">
      {failure.message}{' '}
      <Button className="button button--secondary" {...failure.retryButton}>
        {retry}
      </Button>
    </p>
  ) : null;
}

function Orders({ orders, texts }: { orders: AccountView['orders']; texts: AccountView['texts'] }) {
  return (
    <div aria-busy={orders.isLoading}>
      {orders.emptyMessage && <p>{orders.emptyMessage}</p>}
      <Failure failure={orders.failure} retry={texts.retry} />
      {orders.followFailure && (
        <p role="alert" className="notice">
          {orders.followFailure}
        </p>
      )}
      {orders.reorderNotices && (
        <div role="status" className="notice">
          {orders.reorderNotices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
          <Link href="/ecommerce/cart">Vai al carrello</Link>
        </div>
      )}
      {orders.items.map((order) => (
        <article key={order.id} className="order-card">
          <h2>
            {order.title} — consegna del {order.deliveryDate}
          </h2>
          {order.progress && (
            <p className="order-card__progress">
              {texts.progress} <strong>{order.progress}</strong>
            </p>
          )}
          {/* On a phone the table scrolls sideways: keyboard users reach it too (axe: scrollable-region-focusable). */}
          <div className="table-scroll" tabIndex={0} role="region" aria-label={`Prodotti, ${order.title}`}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Prodotto</th>
                  <th scope="col">Quantità</th>
                  <th scope="col">Impasto e aggiunte</th>
                  <th scope="col">Prezzo unitario</th>
                  <th scope="col">Totale riga</th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.key}>
                    <td>{line.name}</td>
                    <td>{line.qty}</td>
                    <td>{line.variantAndAdditions}</td>
                    <td>{line.unitPrice}</td>
                    <td>{line.lineTotal}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="order-card__total">
            Totale: {order.originalPrice && <s aria-label={`Prezzo originale ${order.originalPrice}`}>{order.originalPrice}</s>}{' '}
            <strong>{order.total}</strong>
          </p>
          {order.discount && (
            <p className="order-card__discount">
              Codice sconto: <strong>{order.discount.code}</strong> — Prezzo scontato: {order.discount.discountedPrice}
            </p>
          )}
          <Button className="button button--secondary" {...order.reorderButton}>
            Ordina di nuovo
          </Button>
          {order.followButton && (
            <Button className="button" {...order.followButton}>
              {texts.follow}
            </Button>
          )}
        </article>
      ))}
    </div>
  );
}

function Addresses({ addresses, texts }: { addresses: AccountView['addresses']; texts: AccountView['texts'] }) {
  return (
    <div aria-busy={addresses.isLoading}>
      {addresses.emptyMessage && <p>{addresses.emptyMessage}</p>}
      <Failure failure={addresses.failure} retry={texts.retry} />
      {addresses.items.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Indirizzo</th>
                <th scope="col">Telefono</th>
                <ActionsColumnHeader />
              </tr>
            </thead>
            <tbody>
              {addresses.items.map((address) => (
                <tr key={address.id}>
                  <td>{address.name}</td>
                  <td>{address.address ?? DELIVERY_LABELS.ritiro}</td>
                  <td>{address.telephone}</td>
                  <td>
                    <Button className="button button--secondary" {...address.deleteButton}>
                      {texts.delete}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
