import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/actors/storage';
import { savedCart } from '../machines/menu.entries';
import { settings, webapp } from '../mocks/fixtures';
import { priceCartAnswer } from '../mocks/cart';
import { http, server, serverError } from '../mocks/handlers';
import { renderApp } from './render';

const dialog = () => within(screen.getByRole('dialog'));
const productButton = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name}`) });

function serveWebapp(changes: Partial<typeof webapp>) {
  server.use(http.get('/api/v1/ecommerce/webapp', ({ response }) => response(200).json({ ...webapp, ...changes })));
}

describe('menu', () => {
  it('lists the visible categories with their visible products and prices, and the category bar', async () => {
    renderApp('/ecommerce');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pizze rosse' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Pizze bianche' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Aggiunte' })).toBeNull();
    const bar = within(screen.getByRole('navigation', { name: 'Categorie del menu' }));
    expect(bar.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Pizze rosse', 'Pizze bianche']);
    expect((await productButton('Margherita')).textContent).toContain('7,00 €');
    expect((await productButton('Fiori di zucca')).textContent).toContain('10,50 €');
  });

  it('shows the closed-shop message as a warning', async () => {
    serveWebapp({ closed: true, client_message: 'Oggi siamo chiusi per turno.' });
    renderApp('/ecommerce');
    expect((await screen.findByText('Oggi siamo chiusi per turno.')).className).toContain('notice--warning');
  });
});

describe('product dialog', () => {
  it('prices the dough, the additions and the quantity on its button, and adds the line to the cart', async () => {
    const { user, actors } = renderApp('/ecommerce');
    const margherita = await productButton('Margherita');
    await user.click(margherita);
    // The dialog is a chunk of its own, fetched on the first open.
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Margherita' })).toBeTruthy();
    expect(dialog().getByText('Quantità:')).toBeTruthy();
    expect(dialog().getByRole('button', { name: 'Aggiungi al Carrello (7,00 €)' })).toBeTruthy();
    expect(dialog().getByRole('radiogroup', { name: 'Scegli il tipo di impasto:' })).toBeTruthy();
    expect(dialog().getByRole('group', { name: 'Aggiunte disponibili:' })).toBeTruthy();

    await user.click(dialog().getByRole('button', { name: 'Diminuisci quantità' }));
    await user.click(dialog().getByRole('radio', { name: /Integrale/ }));
    await user.click(dialog().getByRole('checkbox', { name: /Bufala/ }));
    await user.click(dialog().getByRole('button', { name: 'Aumenta quantità' }));
    const add = dialog().getByRole('button', { name: 'Aggiungi al Carrello (21,00 €)' });
    await user.click(add);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the product that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(margherita));
    expect(screen.getByRole('link', { name: 'Carrello (2)' })).toBeTruthy();
    // The server's total arrives after the debounce.
    await waitFor(() => expect(actors.cart.getSnapshot().context.backend?.totalCents).toBe(2100));
  });

  it("shows the owner's new price without a reload once a cart answer names a newer catalogue version, the cart kept", async () => {
    let webapps = 0;
    server.use(
      http.get('/api/v1/ecommerce/webapp', ({ response }) => {
        webapps++;
        return response(200).json(webapp);
      }),
    );
    const { user, actors } = renderApp('/ecommerce');
    expect((await productButton('Margherita')).textContent).toContain('7,00 €');
    const before = webapps;

    // The owner raises the Margherita in the back office: the server is at catalogue version 2.
    const raised = {
      ...webapp,
      catalogue_version: 2,
      products: webapp.products.map((p) => (p.name === 'Margherita' ? { ...p, price: 7.5 } : p)),
    };
    server.use(
      http.get('/api/v1/ecommerce/webapp', ({ response }) => {
        webapps++;
        return response(200).json(raised);
      }),
      http.post('/api/v1/ecommerce/cart', async ({ request, response }) => {
        const body = await request.json();
        return response(200).json({ ...priceCartAnswer(body.cart, body.discount?.code, body.delivery), catalogue_version: 2 });
      }),
    );
    // The customer adds another pizza: its price answer names version 2, and the menu loads again.
    await user.click(await productButton('Fiori di zucca'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^Aggiungi al Carrello/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Margherita/ }).textContent).toContain('7,50 €'));
    expect(webapps).toBe(before + 1);
    expect(actors.cart.getSnapshot().context.lines.map((l) => l.name)).toEqual(['Fiori di zucca e alici']);
    expect(screen.getByRole('link', { name: 'Carrello (1)' })).toBeTruthy();
  });

  it('offers no dough for a plain-only product, nor when the shop has variants off; Escape closes', async () => {
    const { user } = renderApp('/ecommerce');
    await user.click(await productButton('Fiori di zucca'));
    await screen.findByRole('dialog');
    expect(dialog().queryByRole('radiogroup')).toBeNull();
    expect(dialog().queryByRole('group', { name: 'Aggiunte disponibili:' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers an upload’s 800 px copy for wide screens; the menu card keeps the 264 px one', async () => {
    const card = '/media/products/0123456789abcdef01234567-264.webp';
    serveWebapp({ products: webapp.products.map((p) => (p.name === 'Margherita' ? { ...p, image_url: card } : p)) });
    const { user } = renderApp('/ecommerce');
    const margherita = await productButton('Margherita');
    const onCard = margherita.querySelector('img')!;
    expect([onCard.getAttribute('src'), onCard.getAttribute('srcset')]).toEqual([card, null]);

    await user.click(margherita);
    const picture = (await screen.findByRole('dialog')).querySelector('img')!;
    expect(picture.getAttribute('src')).toBe(card);
    expect(picture.getAttribute('srcset')).toBe(`${card} 264w, /media/products/0123456789abcdef01234567-800.webp 800w`);
    expect(picture.getAttribute('sizes')).toBe('(min-width: 769px) 480px, 132px');
  });

  it('hides the dough choice when ecommerce_variants is not yes', async () => {
    serveWebapp({ settings: { ...settings, ecommerce_variants: 'no' } });
    const { user } = renderApp('/ecommerce');
    await user.click(await productButton('Margherita'));
    await screen.findByRole('dialog');
    expect(dialog().queryByRole('radiogroup')).toBeNull();
    expect(dialog().getByRole('button', { name: 'Aggiungi al Carrello (7,00 €)' })).toBeTruthy();
  });
});

describe('cart page', () => {
  const remember = () => localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(savedCart));

  it("shows the lines and 'Invia ordine (N articoli) - total' from the server, re-priced after a change", async () => {
    remember();
    const { user } = renderApp('/ecommerce/cart');
    expect(await screen.findByRole('heading', { level: 2, name: 'Fiori di zucca e alici' })).toBeTruthy();
    expect(screen.getByText('Prezzo base: 10,50 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invia ordine (1 articolo) - 10,50 €' }).getAttribute('href')).toBe('/ecommerce/checkout');
    expect(screen.getByRole('button', { name: 'Diminuisci quantità di Fiori di zucca e alici' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Aumenta quantità di Fiori di zucca e alici' }));
    expect(await screen.findByRole('link', { name: 'Invia ordine (2 articoli) - 21,00 €' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!).lines[0].qty).toBe(2);
  });

  it('reopens a line in the dialog with Modifica and replaces it in place', async () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify({
        ...savedCart,
        lines: [...savedCart.lines, { ...savedCart.lines[0], productId: 1, name: 'Margherita', priceCents: 700, totalCents: 700 }],
      }),
    );
    const { user, actors } = renderApp('/ecommerce/cart');
    await screen.findByRole('heading', { level: 2, name: 'Margherita' });
    const buttons = await screen.findAllByRole('button', { name: 'Modifica' });
    await waitFor(() => expect(buttons[1]!.hasAttribute('disabled')).toBe(false));
    await user.click(buttons[1]!);
    await screen.findByRole('dialog');
    await user.click(dialog().getByRole('checkbox', { name: /Bufala/ }));
    await user.click(dialog().getByRole('button', { name: 'Conferma modifica (9,50 €)' }));
    await waitFor(() => expect(actors.cart.getSnapshot().context.lines[1]!.additions.map((a) => a.name)).toEqual(['Bufala']));
    expect(await screen.findByText('Aggiunte: Bufala')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Rimuovi' })[0]!);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Fiori di zucca e alici' })).toBeNull());
  });

  it('hides the order button while the shop is closed, and says why', async () => {
    remember();
    serveWebapp({ closed: true, client_message: 'Oggi siamo chiusi per turno.' });
    const { actors } = renderApp('/ecommerce/cart');
    await waitFor(() => expect(actors.shop.getSnapshot().context.closed).toBe(true));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fiori di zucca e alici' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Invia ordine/ })).toBeNull();
    expect(screen.getByText('Oggi siamo chiusi per turno.').className).toContain('notice--warning');
  });

  it('keeps the cart and shows the server message as the error toast when pricing fails', async () => {
    remember();
    server.use(
      http.post('/api/v1/ecommerce/cart', ({ response }) =>
        response(422).json({
          code: 'cart.item_unavailable',
          message: 'Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.',
        }),
      ),
    );
    const { user } = renderApp('/ecommerce/cart');
    await user.click(await screen.findByRole('button', { name: 'Aumenta quantità di Fiori di zucca e alici' }));
    expect(
      await within(screen.getByRole('alert')).findByText('Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Fiori di zucca e alici' })).toBeTruthy();
  });

  it('raises one error toast, not two, for a 5xx while pricing', async () => {
    remember();
    server.use(http.post('/api/v1/ecommerce/cart', ({ response }) => response.untyped(serverError('Servizio non disponibile'))));
    const { actors } = renderApp('/ecommerce/cart');
    const raised = vi.spyOn(actors.toast, 'send');
    expect(await within(screen.getByRole('alert')).findByText('Servizio non disponibile')).toBeTruthy();
    await waitFor(() => expect(actors.cart.getSnapshot().hasTag('pricing')).toBe(false));
    expect(raised.mock.calls.filter(([event]) => event.type === 'error.raise')).toHaveLength(1);
  });
});
