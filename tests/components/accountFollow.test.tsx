import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountOrders, savedAddresses } from '../mocks/accountFixtures';
import { customer } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { preparingOrder, TRACKING_TOKEN } from '../mocks/trackingFixtures';
import { renderApp } from './render';

/** The fixture's pickup, in the oven tonight; the older delivery is closed (not followable). */
const tonight = { ...accountOrders[0]!, progress: 'preparing' as const };

afterEach(() => vi.unstubAllGlobals());

describe("account: 'Segui il tuo ordine'", () => {
  it("shows today's order with its progress and opens its tracking page; an older closed order has neither", async () => {
    vi.stubGlobal(
      'EventSource',
      class {
        close() {}
      },
    );
    const asked: number[] = [];
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) =>
        response(200).json({ orders: { data: [tonight, accountOrders[1]!] } }),
      ),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) => response(200).json({ addresses: savedAddresses })),
      http.post('/api/v1/ecommerce/account/orders/{id}/tracking', ({ params, response }) => {
        asked.push(Number(params.id));
        return response(200).json({ tracking_url: `/ordine/${TRACKING_TOKEN}` });
      }),
      http.get('/api/v1/ecommerce/orders/track/{token}', ({ response }) => response(200).json(preparingOrder)),
    );
    const { user, location } = renderApp('/auth/account', { user: customer });
    const follow = await screen.findByRole('button', { name: 'Segui il tuo ordine: ordine n. 12' });
    expect(screen.getByText('In preparazione')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Segui il tuo ordine/ })).toHaveLength(1);
    expect(screen.queryByText('Consegnato')).toBeNull();

    await user.click(follow);
    await waitFor(() => expect(location().pathname).toBe(`/ordine/${TRACKING_TOKEN}`));
    expect(asked).toEqual([tonight.id]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine n. 12' })).toBeTruthy();
  });

  it('says so when the link cannot be had, and stays on the account', async () => {
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) => response(200).json({ orders: { data: [tonight] } })),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) => response(200).json({ addresses: savedAddresses })),
      http.post('/api/v1/ecommerce/account/orders/{id}/tracking', ({ response }) =>
        response(409).json({ code: 'order.not_followable', message: 'Questo ordine è concluso: non si può più seguire.' }),
      ),
    );
    const { user, location } = renderApp('/auth/account', { user: customer });
    await user.click(await screen.findByRole('button', { name: 'Segui il tuo ordine: ordine n. 12' }));
    expect(await screen.findByText('Non è stato possibile aprire il tuo ordine.')).toBeTruthy();
    expect(location().pathname).toBe('/auth/account');
  });
});
