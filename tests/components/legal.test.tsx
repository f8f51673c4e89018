import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { webapp } from '../mocks/fixtures';
import { renderApp } from './render';

/** The static pages quote the shop's own facts: the pickup code as it is set today. */
const withPickup = (pickup_discount: (typeof webapp)['pickup_discount']) => ({
  '/api/v1/ecommerce/webapp': { ...webapp, pickup_discount },
});

async function faqAnswer(question: string) {
  const { user } = renderApp('/ecommerce/domande-frequenti', { initialData: withPickup(null) });
  await user.click(await screen.findByRole('button', { name: question }));
  return user;
}

describe('FAQ and terms quote the pickup code', () => {
  it('with the code as set (10 % from 20,00 €), not a number written in the page', async () => {
    const { user } = renderApp('/ecommerce/domande-frequenti', {
      initialData: withPickup({ code: 'RITIRO-IN-PIZZERIA', percent: 10, min_order: 20 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Ci sono sconti se ritiro in pizzeria?' }));
    const answer = screen.getByText(/hai uno sconto del/);
    expect(answer.textContent).toContain('almeno 20,00 € hai uno sconto del 10%');
    expect(within(answer).getByText('RITIRO-IN-PIZZERIA').tagName).toBe('CODE');
  });

  it('says there is none when the code is switched off', async () => {
    await faqAnswer('Ci sono sconti se ritiro in pizzeria?');
    expect(screen.getByText(/Al momento no/)).toBeTruthy();
    expect(screen.queryByText(/hai uno sconto/)).toBeNull();
  });

  it('the terms state the same rule', async () => {
    renderApp('/ecommerce/termini-e-condizioni', { initialData: withPickup({ code: 'RITIRO-IN-PIZZERIA', percent: 15, min_order: 15 }) });
    expect((await screen.findByText(/si applica uno sconto del/)).textContent).toContain('almeno 15,00 € si applica uno sconto del 15%');
  });
});

describe('FAQ and terms on delivery costs and allergens (issue 29)', () => {
  /** Monteverde charges 2,50 € for delivery; the other zones nothing. */
  const charging = {
    '/api/v1/ecommerce/webapp': {
      ...webapp,
      pickup_discount: null,
      zones: webapp.zones.map((z) => (z.name === 'Monteverde' ? { ...z, fee: 2.5 } : z)),
    },
  };

  it('name the zone fees instead of free delivery while a zone charges', async () => {
    const { user } = renderApp('/ecommerce/domande-frequenti', { initialData: charging });
    await user.click(await screen.findByRole('button', { name: 'La consegna a domicilio ha un costo?' }));
    expect(screen.getByText(/Dipende dalla zona/).textContent).toContain(
      'Marconi: nessun costo; Monteverde: consegna 2,50 €; Ostiense: nessun costo',
    );
    await user.click(screen.getByRole('button', { name: 'Ci sono sconti se ritiro in pizzeria?' }));
    expect(screen.getByText(/Al momento no/).textContent).toContain('non pagano il costo di consegna');
    expect(screen.queryByText(/gratuita/)).toBeNull();
  });

  it('the terms too', async () => {
    renderApp('/ecommerce/termini-e-condizioni', { initialData: charging });
    expect((await screen.findByText(/Il suo costo dipende dalla zona/)).textContent).toContain('Monteverde: consegna 2,50 €');
    expect(screen.queryByText(/gratuita/)).toBeNull();
  });

  it('point to the allergen table and the dialog instead of asking the staff', async () => {
    const { user } = renderApp('/ecommerce/domande-frequenti', { initialData: charging });
    await user.click(await screen.findByRole('button', { name: 'Dove trovo le informazioni sugli allergeni?' }));
    expect(screen.getByRole('link', { name: 'tabella degli allergeni' }).getAttribute('href')).toBe('/ecommerce/allergeni');
    expect(screen.getByText(/la sezione "Allergeni"/)).toBeTruthy();
    expect(screen.queryByText(/chiedi sempre al nostro/)).toBeNull();
  });
});
