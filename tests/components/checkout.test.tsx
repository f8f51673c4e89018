import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FORM } from '../../machines/checkout.types';
import { STORAGE_KEYS } from '../../src/actors/storage';
import { savedCart } from '../machines/menu.entries';
import { priceCartAnswer } from '../mocks/cart';
import { customer, zones } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

const otherZone = zones.find((z) => z.name === 'Altra zona')!;

describe('checkout step 4', () => {
  it('shows the §5/§8 messages: phone with letters, Altra zona with the pickup note, no timeslot', async () => {
    server.use(
      http.get('/api/v1/ecommerce/webapp/timeslots', ({ response }) =>
        response(200).json({
          date: '2026-11-18',
          timeslots: [
            { hour: 19, minute: 0, available: false },
            { hour: 19, minute: 15, available: true },
          ],
        }),
      ),
    );
    sessionStorage.setItem(
      'pizzeria.checkout',
      JSON.stringify({
        step: 4,
        form: { ...EMPTY_FORM, tipoConsegna: 'consegna', addressSelector: 0, zonaConsegna: otherZone.id },
        idempotencyKey: null,
      }),
    );
    const { user } = renderApp('/ecommerce/checkout', { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dettagli' })).toBeTruthy();
    expect((await screen.findByRole('radio', { name: '19:00' })).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Telefono' }), '333 abc 4567');
    await user.click(screen.getByRole('button', { name: 'Prosegui' }));
    expect(screen.getByText('Il numero di telefono è obbligatorio e deve essere valido.')).toBeTruthy();
    expect(screen.getByText('Zona non coperta dal servizio di consegna.')).toBeTruthy();
    expect(screen.getByText('Puoi sempre scegliere il ritiro in pizzeria.')).toBeTruthy();
    expect(screen.getByText('La fascia oraria deve essere selezionata.')).toBeTruthy();
    expect(screen.getByText('Il campo nome sul citofono è obbligatorio.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Passo 4 di 6')).toBeTruthy();
    sessionStorage.clear();
  });
});

describe('checkout step 1', () => {
  it('shows the login and the registration side by side, neither linking to the other', async () => {
    renderApp('/ecommerce/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi o registrati' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Hai già un account?' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sei un nuovo cliente?' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('link', { name: 'Non hai un account? Registrati' })).toBeNull();
    expect(main.queryByRole('link', { name: 'Hai già un account? Accedi' })).toBeNull();
    expect(main.getByRole('link', { name: 'Password dimenticata?' })).toBeTruthy();
  });
});

describe('checkout step 6', () => {
  it('a total changed since the summary: the message shows, the cart is priced again, nothing is lost', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(savedCart));
    sessionStorage.setItem(
      'pizzeria.checkout',
      JSON.stringify({
        step: 6,
        form: {
          ...EMPTY_FORM,
          tipoConsegna: 'ritiro',
          addressSelector: 0,
          nomeCliente: 'Anna Neri',
          telefono: '3331234567',
          fascia: '19:15',
        },
        idempotencyKey: null,
      }),
    );
    const sent: unknown[] = [];
    let pricings = 0;
    server.use(
      http.post('/api/v1/ecommerce/checkout', async ({ request, response }) => {
        sent.push((await request.json()).expected_total);
        return response(409).json({ code: 'order.total_changed', message: 'Il totale è cambiato: controlla il riepilogo.' });
      }),
      http.post('/api/v1/ecommerce/cart', async ({ request, response }) => {
        pricings += 1;
        const body = await request.json();
        return response(200).json(priceCartAnswer(body.cart, body.discount?.code, body.delivery));
      }),
    );
    const { user } = renderApp('/ecommerce/checkout', { user: customer });
    const confirm = await screen.findByRole('button', { name: 'Conferma ordine' });
    await vi.waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    const before = pricings;
    await user.click(confirm);
    expect(await screen.findByText('Il totale è cambiato: controlla il riepilogo.')).toBeTruthy();
    // The summary's total was sent, so the server could compare it; the cart asks for today's prices.
    expect(sent).toEqual([10.5]);
    await vi.waitFor(() => expect(pricings).toBeGreaterThan(before));
    // Still the summary (the last of a pickup's five steps).
    expect(within(screen.getByRole('main')).getByText('Passo 5 di 5')).toBeTruthy();
    sessionStorage.clear();
    localStorage.clear();
  });
});
