import { describe, expect, it } from 'vitest';
import { refusalFrom } from '../../src/api/refusal';

describe('refusalFrom', () => {
  it("takes the server's code, message and field errors", () => {
    const body = { code: 'slot.full', message: 'La fascia è piena.', errors: { fascia: ['La fascia è piena.'] } };
    expect(refusalFrom(body)).toEqual({ code: 'slot.full', message: 'La fascia è piena.', errors: { fascia: ['La fascia è piena.'] } });
  });

  it("reads a body that is not the contract's as 'unknown', with the fallback message and no field errors", () => {
    for (const body of [undefined, null, '<html>Bad Gateway</html>', 42, { message: '' }, { code: 'non.dichiarato', errors: 'x' }]) {
      expect(refusalFrom(body, 'Ordine non trovato.')).toEqual({ code: 'unknown', message: 'Ordine non trovato.', errors: {} });
    }
    expect(refusalFrom({}).message).toBe('Errore generico');
  });

  it('keeps only the texts of each field, and drops a field left with none', () => {
    const body = { code: 'validation', message: 'x', errors: { telefono: ['Numero non valido.', 3], nome: [null], note: 'x' } };
    expect(refusalFrom(body).errors).toEqual({ telefono: ['Numero non valido.'] });
  });
});
