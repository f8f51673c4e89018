import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOrders, savedAddresses } from '../mocks/accountFixtures';
import { customer } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

describe("account: 'Ordina di nuovo'", () => {
  it('puts the lines still sold into the cart at today’s prices and names the one no longer sold', async () => {
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) => response(200).json({ orders: { data: accountOrders } })),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) => response(200).json({ addresses: savedAddresses })),
    );
    const { user, location } = renderApp('/auth/account', { user: customer });
    await user.click(await screen.findByRole('button', { name: 'Ordina di nuovo: ordine n. 12' }));
    const told = (await screen.findByText('Aggiunto al carrello.')).closest<HTMLElement>('[role="status"]')!;
    expect(within(told).getByText('Supplì non è più disponibile.')).toBeTruthy();

    await user.click(within(told).getByRole('link', { name: 'Vai al carrello' }));
    await waitFor(() => expect(location().pathname).toBe('/ecommerce/cart'));
    await screen.findByRole('heading', { level: 1, name: 'Carrello' });
    const main = within(screen.getByRole('main'));
    // Two Margherita, wholemeal dough with buffalo mozzarella: today's 7 € + 1 € + 2,50 € each.
    expect(await main.findByText('Margherita')).toBeTruthy();
    expect(main.queryByText('Supplì')).toBeNull();
    expect((await main.findAllByText(/21,00 €/)).length).toBeGreaterThan(0);
  });
});
