/**
 * The cart keeps the delivery type and zone the checkout told it: a reload on a phone prices the same
 * delivery fee, instead of going back to 'the fee depends on the zone'.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/actors/storage';
import { FEE_BY_ZONE_NOTE } from '../../machines/cart.connect';
import { savedCart } from '../machines/menu.entries';
import { priceCartAnswer } from '../mocks/cart';
import { webapp, zones } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

const FEE_ZONE = zones[1]!;

/** Zone 2 asks 2,50 € for a home delivery, as the server would price it. */
function serveFee() {
  server.use(
    http.get('/api/v1/ecommerce/webapp', ({ response }) =>
      response(200).json({ ...webapp, zones: zones.map((z) => (z.id === FEE_ZONE.id ? { ...z, fee: 2.5 } : z)) }),
    ),
    http.post('/api/v1/ecommerce/cart', async ({ request, response }) => {
      const body = await request.json();
      const answer = priceCartAnswer(body.cart, body.discount?.code, body.delivery);
      if (body.delivery !== 'consegna' || body.zone_id !== FEE_ZONE.id) return response(200).json(answer);
      const { backend } = answer;
      return response(200).json({ ...answer, backend: { ...backend, delivery_fee: 2.5, final_price: backend.final_price + 2.5 } });
    }),
  );
}

const totals = () => document.querySelector<HTMLElement>('.cart-totals')!;

describe('cart page: the chosen zone', () => {
  it("survives a reload: the zone's fee is still its own line and in the button's total", async () => {
    serveFee();
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(savedCart));
    const before = renderApp('/ecommerce/cart');
    expect(await screen.findByText(FEE_BY_ZONE_NOTE)).toBeTruthy();
    // What checkout step 6 tells the cart once the customer has chosen home delivery to that zone.
    before.actors.cart.send({ type: 'delivery.select', delivery: 'consegna', zoneId: FEE_ZONE.id });
    await screen.findByRole('link', { name: 'Invia ordine (1 articolo) - 13,00 €' });
    before.unmount();
    before.actors.stop();

    // The reloaded page prices the saved cart again: what it shows once that answer is in.
    const after = renderApp('/ecommerce/cart');
    await waitFor(() => expect(after.actors.cart.getSnapshot().hasTag('pricing')).toBe(false));
    await screen.findByRole('link', { name: 'Invia ordine (1 articolo) - 13,00 €' });
    expect(totals().textContent).toBe('Totale10,50 €Costo di consegna2,50 €Da pagare13,00 €');
    expect(screen.queryByText(FEE_BY_ZONE_NOTE)).toBeNull();
  });
});
