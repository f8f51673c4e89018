/**
 * The back office's product editor and sold-out list over msw (issue 17): load, save with the
 * owner's decimal comma, a refused field, another page's save winning, and the sold-out switch.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/api/client';
import { admin, customer } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { descriptionOf, renderApp } from './render';

const STALE = 'Qualcuno ha modificato questo elemento mentre lo stavi modificando.';

const margherita: Schemas['AdminProduct'] = {
  id: 1,
  version: 3,
  category_id: 1,
  name: 'Margherita',
  description: 'Pomodoro, fior di latte, basilico',
  price: 6.5,
  note: null,
  image_url: null,
  visible: true,
  is_upsell: false,
  allow_variants: 2,
  variant_ids: [],
  archived: false,
  sold_out: false,
  allergens: ['milk'],
  may_contain: [],
  diet: ['vegetarian'],
  frozen: false,
  base_dough_id: null,
};

const menu: Schemas['AdminMenu'] = {
  categories: [
    {
      id: 1,
      version: 0,
      name: 'Pizze Classiche',
      position: 1,
      visible: true,
      additions_enabled: true,
      group: 'pizze',
      products: 1,
      locked: false,
    },
  ],
  doughs: [],
  products: [margherita],
};

function serveProduct(save: (body: Record<string, unknown>) => { status: number; body: unknown }, doughs: Schemas['AdminDough'][] = []) {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/v1/admin/menu', ({ response }) => response(200).json({ ...menu, doughs })),
    http.get('/api/v1/admin/products/{id}', ({ response }) => response(200).json({ product: margherita })),
    http.put('/api/v1/admin/products/{id}', async ({ request, response }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      const { status, body: answer } = save(body);
      return response.untyped(new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return saved;
}

const priceField = () => screen.getByRole('textbox', { name: 'Prezzo' }) as HTMLInputElement;

describe('back office: the product editor', () => {
  it('loads the product, saves the price typed with a comma and says so', async () => {
    const saved = serveProduct((body) => ({
      status: 200,
      body: { message: 'Modifiche salvate.', product: { ...margherita, price: 6.8, version: (body.version as number) + 1 } },
    }));
    renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(priceField().value).toBe('6,50'));
    const save = screen.getByRole('button', { name: 'Salva' });
    // Nothing changed, nothing to save.
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(priceField());
    await userEvent.type(priceField(), '6,80');
    await userEvent.click(save);
    expect(await screen.findByText('Modifiche salvate.')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ price: '6,80', version: 3, name: 'Margherita' })]);
    expect(priceField().value).toBe('6,80');
  });

  it('shows the refused field’s message under it, keeping what was typed', async () => {
    serveProduct(() => ({
      status: 422,
      body: { code: 'validation', message: 'Prezzo è obbligatorio.', errors: { price: ['Prezzo è obbligatorio.'] } },
    }));
    renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(priceField().value).toBe('6,50'));
    await userEvent.clear(priceField());
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(descriptionOf(priceField())).toContain('Prezzo è obbligatorio.'));
    expect(priceField().getAttribute('aria-invalid')).toBe('true');
    expect(priceField().value).toBe('');
  });

  it('when another page saved first, shows the message and the product as it is now', async () => {
    serveProduct(() => ({
      status: 409,
      body: { code: 'record.stale', message: STALE, current: { ...margherita, price: 7, version: 4 } },
    }));
    renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(priceField().value).toBe('6,50'));
    await userEvent.clear(priceField());
    await userEvent.type(priceField(), '6,80');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText(STALE)).toBeTruthy();
    expect(priceField().value).toBe('7,00');
  });

  it('asks before leaving with unsaved changes', async () => {
    serveProduct(() => ({ status: 500, body: { message: 'Errore' } }));
    const app = renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(priceField().value).toBe('6,50'));
    fireEvent.change(priceField(), { target: { value: '9' } });
    await userEvent.click(screen.getByRole('button', { name: 'Torna all’elenco' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Ci sono modifiche non salvate. Uscire senza salvare?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continua a modificare' }));
    expect(priceField().value).toBe('9');
    await userEvent.click(screen.getByRole('button', { name: 'Torna all’elenco' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Esci senza salvare' }));
    await waitFor(() => expect(app.location().pathname).toBe('/admin/menu'));
    expect(await screen.findByRole('table', { name: 'Pizze Classiche' })).toBeTruthy();
  });
});

describe('back office: allergens in the product and dough editors', () => {
  const classic: Schemas['AdminDough'] = {
    id: 7,
    version: 1,
    name: 'Impasto classico',
    price_modifier: 0,
    position: 1,
    products: 0,
    uses: 0,
    allergens: ['gluten'],
    may_contain: [],
    base: true,
  };
  const group = (name: string) => screen.getByRole('group', { name });
  const box = (groupName: string, name: string) => within(group(groupName)).getByRole('checkbox', { name }) as HTMLInputElement;

  it('ticks what the product contains, may contain, its marks and base dough, and saves them as codes', async () => {
    const saved = serveProduct(
      () => ({ status: 200, body: { message: 'Modifiche salvate.', product: { ...margherita, version: 4 } } }),
      [classic],
    );
    renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(box('Contiene', 'Latte').checked).toBe(true));
    expect(box('Contiene', 'Glutine').checked).toBe(false);
    expect(box('Indicazioni', 'Vegetariana').checked).toBe(true);
    // A base dough is what the product is made on, never one of the doughs offered.
    expect(screen.queryByRole('checkbox', { name: /Impasto classico/ })).toBeNull();
    await userEvent.click(box('Contiene', 'Frutta a guscio'));
    await userEvent.click(box('Può contenere', 'Sesamo'));
    await userEvent.click(box('Indicazioni', 'Piccante'));
    await userEvent.click(screen.getByRole('checkbox', { name: "Surgelato all'origine" }));
    // The choices come with the menu's list.
    await screen.findByRole('option', { name: 'Impasto classico' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impasto di base' }), 'Impasto classico');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Modifiche salvate.')).toBeTruthy();
    expect(saved).toEqual([
      expect.objectContaining({
        allergens: ['milk', 'nuts'],
        may_contain: ['sesame'],
        diet: ['vegetarian', 'spicy'],
        frozen: true,
        base_dough_id: 7,
      }),
    ]);
  });

  it('shows the server’s refusal of a diet mark on its group', async () => {
    const refusal = "Indicazioni: 'Vegana' non vale per un prodotto che contiene latte.";
    serveProduct(() => ({ status: 422, body: { code: 'validation', message: refusal, errors: { diet: [refusal] } } }));
    renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(box('Indicazioni', 'Vegetariana').checked).toBe(true));
    await userEvent.click(box('Indicazioni', 'Vegana'));
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(within(group('Indicazioni')).getByText(refusal)).toBeTruthy());
    expect(box('Indicazioni', 'Vegana').checked).toBe(true);
  });

  it('the dough editor saves what the dough contains and whether it is a base dough', async () => {
    const saved: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/v1/admin/menu', ({ response }) => response(200).json({ ...menu, doughs: [classic] })),
      http.get('/api/v1/admin/doughs', ({ response }) => response(200).json({ items: [classic] })),
      http.get('/api/v1/admin/doughs/{id}', ({ response }) => response(200).json({ dough: classic })),
      http.put('/api/v1/admin/doughs/{id}', async ({ request, response }) => {
        saved.push((await request.json()) as Record<string, unknown>);
        return response(200).json({ message: 'Modifiche salvate.', dough: { ...classic, version: 2 } });
      }),
    );
    renderApp('/admin/menu/impasti/7', { user: admin });
    await waitFor(() => expect(box('Contiene', 'Glutine').checked).toBe(true));
    const base = screen.getByRole('checkbox', { name: 'Impasto di base (non si sceglie)' }) as HTMLInputElement;
    expect(base.checked).toBe(true);
    await userEvent.click(box('Contiene', 'Soia'));
    await userEvent.click(box('Può contenere', 'Senape'));
    await userEvent.click(base);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Modifiche salvate.')).toBeTruthy();
    expect(saved).toEqual([
      expect.objectContaining({ allergens: ['gluten', 'soybeans'], may_contain: ['mustard'], base: false, version: 1 }),
    ]);
  });
});

describe('back office: the product image', () => {
  const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const STORED = '/media/products/3f2a9c0d1e2b3c4d5e6f7a8b-264.webp';

  function serveUpload() {
    const uploads: { type: string | null; bytes: number }[] = [];
    server.use(
      http.post('/api/v1/admin/images', async ({ request, response }) => {
        uploads.push({ type: request.headers.get('content-type'), bytes: (await request.arrayBuffer()).byteLength });
        return response(201).json({ message: 'Immagine caricata.', image_url: STORED, large_url: STORED.replace('-264', '-800') });
      }),
    );
    return uploads;
  }
  const imageField = () => screen.getByRole('textbox', { name: 'Immagine' }) as HTMLInputElement;
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

  it('uploads the picked photo: its address fills Immagine, a preview shows it, and Salva saves it', async () => {
    const saved = serveProduct((body) => ({
      status: 200,
      body: { message: 'Modifiche salvate.', product: { ...margherita, image_url: body.image_url as string, version: 4 } },
    }));
    const uploads = serveUpload();
    renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(imageField().value).toBe(''));
    expect(fileInput().getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    await userEvent.upload(fileInput(), new File([PNG_SIGNATURE], 'porcini.png', { type: 'image/png' }));
    expect(await screen.findByText('Immagine caricata.')).toBeTruthy();
    expect(uploads).toEqual([{ type: 'image/png', bytes: PNG_SIGNATURE.length }]);
    expect(imageField().value).toBe(STORED);
    expect(screen.getByRole('img', { name: 'Anteprima dell’immagine' }).getAttribute('src')).toBe(STORED);
    // The field stays typeable.
    await userEvent.type(imageField(), 'x');
    expect(imageField().value).toBe(`${STORED}x`);
    await userEvent.type(imageField(), '{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Modifiche salvate.')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ image_url: STORED })]);
  });

  it('a text file named .png is refused in the browser with the server’s words, and nothing is sent', async () => {
    serveProduct(() => ({ status: 500, body: { message: 'Errore' } }));
    const uploads = serveUpload();
    renderApp('/admin/menu/prodotti/1', { user: admin });
    await waitFor(() => expect(imageField().value).toBe(''));
    await userEvent.upload(fileInput(), new File(['Questa non è una foto.'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByText('Formato non supportato: usa JPG, PNG o WebP.')).toBeTruthy();
    expect(uploads).toEqual([]);
    expect(imageField().value).toBe('');
  });
});

describe('back office: access', () => {
  it('sends a customer to the site root', async () => {
    const app = renderApp('/admin/menu', { user: customer });
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });
});

describe('back office: the register of changes', () => {
  it('a creation lists the fields it set, an edit old → new', async () => {
    const entry = { at: '2026-11-27T18:30:00Z', user_name: 'Titolare', entity: 'product', entity_id: '9', label: 'Diavola' };
    server.use(
      http.get('/api/v1/admin/audit', ({ response }) =>
        response(200).json({
          date: '2026-11-27',
          entries: [
            { ...entry, id: 2, action: 'update', before: { price: '7,50' }, after: { price: '8,00' } },
            { ...entry, id: 1, action: 'create', before: null, after: { name: 'Diavola', price: '7,50', note: null, visible: true } },
          ],
        }),
      ),
    );
    renderApp('/admin/registro', { user: admin });
    const table = await screen.findByRole('table', { name: 'Modifiche del giorno' });
    const [edited, created] = within(table).getAllByRole('row').slice(1);
    expect(within(created!).getByText('Nuovo: nome: Diavola; prezzo: 7,50; visibile: sì')).toBeTruthy();
    expect(within(edited!).getByText('prezzo: 7,50 → 8,00')).toBeTruthy();
  });

  it('an allergen change reads in Italian', async () => {
    server.use(
      http.get('/api/v1/admin/audit', ({ response }) =>
        response(200).json({
          date: '2026-11-27',
          entries: [
            {
              id: 3,
              at: '2026-11-27T18:40:00Z',
              user_name: 'Titolare',
              entity: 'product',
              entity_id: '1',
              label: 'Margherita',
              action: 'update',
              before: { allergens: ['latte'] },
              after: { allergens: ['latte', 'frutta a guscio'] },
            },
          ],
        }),
      ),
    );
    renderApp('/admin/registro', { user: admin });
    const table = await screen.findByRole('table', { name: 'Modifiche del giorno' });
    expect(within(table).getByText('allergeni: latte → latte, frutta a guscio')).toBeTruthy();
  });
});
