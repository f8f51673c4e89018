import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FORM } from '../../machines/checkout.types';
import { STORAGE_KEYS } from '../../src/actors/storage';
import { savedCart } from '../machines/menu.entries';
import { customer, webapp } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

/** Issue 29: what the customer reads of the 14 allergens before buying. */
const productButton = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name}`) });
const productNames = () => screen.queryAllByRole('button', { name: /^(Margherita|Fiori di zucca)/ }).map((b) => b.textContent ?? '');
const dialog = () => within(screen.getByRole('dialog'));

/** The Margherita also offered on 'Senza glutine' (no gluten, may carry traces); the Fiori frozen at origin. */
function serveGlutenFreeDough() {
  const glutenFree = { id: 3, name: 'Senza glutine', price_modifier: 1.5, allergens: [], may_contain: ['gluten' as const] };
  const products = webapp.products.map((p) =>
    p.name === 'Margherita' ? { ...p, variants: [...p.variants, glutenFree] } : p.name.startsWith('Fiori') ? { ...p, frozen: true } : p,
  );
  server.use(http.get('/api/v1/ecommerce/webapp', ({ response }) => response(200).json({ ...webapp, products })));
}

describe('menu cards', () => {
  it('mark allergens with their names for screen readers, the diet mark, and the frozen asterisk with its legend', async () => {
    serveGlutenFreeDough();
    renderApp('/ecommerce');
    const margherita = await productButton('Margherita');
    // The card counts its base dough: gluten, and the pizza's milk.
    expect(margherita.textContent).toContain('Contiene: Glutine, Latte');
    expect(margherita.textContent).toContain('Vegetariana');
    expect(margherita.textContent).toContain('GLU');
    expect((await productButton('Fiori di zucca')).textContent).toContain('Contiene: Glutine, Pesce, Latte');
    expect(screen.getByText("* Prodotto surgelato o congelato all'origine")).toBeTruthy();
  });

  it('show no frozen legend when no shown product is frozen', async () => {
    renderApp('/ecommerce');
    await productButton('Margherita');
    expect(screen.queryByText("* Prodotto surgelato o congelato all'origine")).toBeNull();
  });
});

describe("'Filtra per allergeni'", () => {
  it('hides what a chip excludes, counts it, keeps the choice in the URL and the session, and clears it', async () => {
    const { user, location } = renderApp('/ecommerce');
    await productButton('Margherita');
    await user.click(screen.getByRole('button', { name: 'Filtra per allergeni' }));
    await user.click(screen.getByText('Senza pesce'));
    expect(await screen.findByText('1 prodotto nascosto dal filtro')).toBeTruthy();
    expect(productNames()).toEqual([expect.stringMatching(/^Margherita/)]);
    await user.click(screen.getByText('Senza glutine'));
    expect(await screen.findByText('2 prodotti nascosti dal filtro')).toBeTruthy();
    expect(productNames()).toEqual([]);
    expect(new URLSearchParams(location().search).get('senza')).toBe('gluten,fish');
    expect(JSON.parse(sessionStorage.getItem('pizzeria.menuFilter')!)).toEqual({ without: ['gluten', 'fish'], only: [] });

    await user.click(screen.getByRole('button', { name: 'Rimuovi filtri' }));
    expect(await productButton('Margherita')).toBeTruthy();
    expect(screen.queryByText(/nascost/)).toBeNull();
    expect(location().search).toBe('');
    expect(sessionStorage.getItem('pizzeria.menuFilter')).toBeNull();
  });

  it("'Vegana' shows only vegan products; the chips work from the keyboard", async () => {
    const { user } = renderApp('/ecommerce');
    await productButton('Margherita');
    await user.click(screen.getByRole('button', { name: 'Filtra per allergeni' }));
    await user.click(screen.getByRole('row', { name: 'Vegetariana' }));
    await user.keyboard('{ArrowRight}[Space]');
    // Vegetariana then Vegana: neither pizza is vegan.
    expect(await screen.findByText('2 prodotti nascosti dal filtro')).toBeTruthy();
  });

  it('opens with the filter of a shared link', async () => {
    renderApp('/ecommerce?senza=milk');
    expect(await screen.findByText('2 prodotti nascosti dal filtro')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filtra per allergeni' }).getAttribute('aria-pressed')).toBe('true');
    sessionStorage.clear();
  });
});

describe("the product dialog's 'Allergeni'", () => {
  it('lists the line as chosen: the gluten-free dough drops Glutine and shows the traces; links the table', async () => {
    serveGlutenFreeDough();
    const { user } = renderApp('/ecommerce');
    await user.click(await productButton('Margherita'));
    const region = () => within(within(screen.getByRole('dialog')).getByRole('region', { name: 'Allergeni' }));
    await screen.findByRole('dialog');
    expect(
      region()
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Glutine', 'Latte']);
    expect(region().queryByText(/Può contenere/)).toBeNull();
    expect(region().getByRole('link', { name: 'Tabella degli allergeni' }).getAttribute('href')).toBe('/ecommerce/allergeni');

    await user.click(dialog().getByRole('radio', { name: /Senza glutine/ }));
    expect(
      region()
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Latte']);
    expect(region().getByText('Può contenere: Glutine')).toBeTruthy();
  });
});

describe('/ecommerce/allergeni', () => {
  it('tables every visible product on its base dough against the 14, then the doughs and the additions', async () => {
    renderApp('/ecommerce/allergeni');
    const products = await screen.findByRole('table', { name: 'Prodotti (con il loro impasto di base)' });
    const headers = within(products)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toHaveLength(15);
    expect(headers.slice(0, 3)).toEqual(['Prodotto', 'Glutine', 'Crostacei']);
    const margherita = within(products).getByRole('rowheader', { name: 'Margherita' }).closest('tr')!;
    const cells = within(margherita)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    // Glutine (the dough) and Latte (7th of the Annex) contain; nothing else.
    expect(cells.map((c, i) => (c ? `${headers[i + 1]}: ${c}` : null)).filter(Boolean)).toEqual(['Glutine: ●Contiene', 'Latte: ●Contiene']);
    expect(within(products).queryByRole('rowheader', { name: 'Bufala' })).toBeNull();
    const doughs = screen.getByRole('table', { name: 'Impasti' });
    expect(
      within(doughs)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Impasto classico', 'Integrale', 'Normale']);
    expect(within(screen.getByRole('table', { name: 'Aggiunte' })).getByRole('rowheader', { name: 'Bufala' })).toBeTruthy();
  });

  it('is linked from the footer', async () => {
    const { user, location } = renderApp('/ecommerce');
    await user.click(await screen.findByRole('link', { name: 'Allergeni' }));
    await waitFor(() => expect(location().pathname).toBe('/ecommerce/allergeni'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tabella degli allergeni' })).toBeTruthy();
  });
});

describe("checkout: 'Allergie o intolleranze'", () => {
  it('appends quick choices, shows the note in the summary and sends it as allergy_note', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(savedCart));
    const pickup = { ...EMPTY_FORM, tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Ada Neri', telefono: '3331234567' };
    sessionStorage.setItem('pizzeria.checkout', JSON.stringify({ step: 4, form: pickup, idempotencyKey: null }));
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/ecommerce/webapp/timeslots', ({ response }) =>
        response(200).json({ date: '2026-11-18', timeslots: [{ hour: 19, minute: 15, available: true }] }),
      ),
      http.get('/api/v1/ecommerce/webapp/suggested', ({ response }) => response(200).json({ products: [] })),
      http.post('/api/v1/ecommerce/checkout', async ({ request, response }) => {
        sent.push((await request.json()).data.allergy_note);
        return response(409).json({ code: 'order.total_changed', message: 'Il totale è cambiato: controlla il riepilogo.' });
      }),
    );
    const { user } = renderApp('/ecommerce/checkout', { user: customer });
    const field = await screen.findByRole('textbox', { name: 'Allergie o intolleranze' });
    expect(screen.getByText('Facoltativo · 0/200 caratteri')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Frutta a guscio' }));
    await user.click(screen.getByRole('button', { name: 'Sesamo' }));
    expect((field as HTMLInputElement).value).toBe('frutta a guscio, sesamo');
    expect(screen.getByText('Facoltativo · 23/200 caratteri')).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: '19:15' }));
    await user.click(screen.getByRole('button', { name: 'Prosegui' }));
    await user.click(await screen.findByRole('button', { name: 'Prosegui' }));
    expect(await screen.findByText('frutta a guscio, sesamo')).toBeTruthy();
    const confirm = await screen.findByRole('button', { name: 'Conferma ordine' });
    await vi.waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await user.click(confirm);
    await vi.waitFor(() => expect(sent).toEqual(['frutta a guscio, sesamo']));
    sessionStorage.clear();
    localStorage.clear();
  });
});
