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
