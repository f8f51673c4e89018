import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { newOrderForm } from '../../machines/cassaOrder.form';
import { createCassaOrderActors } from '../../src/api/cassaActors';
import type { ApiClient } from '../../src/api/client';

afterEach(() => vi.unstubAllGlobals());

describe("cassa offline: 'Allergie o intolleranze' waits in the outbox with the order", () => {
  it('the queued edit carries allergy_note, and its summary names it', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    // Offline, nothing reaches the client.
    const { saveOrder } = createCassaOrderActors({} as ApiClient);
    const form = { ...newOrderForm({ date: '2026-12-10', time: '20:00' }), name: 'Ernesta Allergica', allergyNote: 'frutta a guscio' };
    const order = { id: 5, orderNum: 3, version: 1, user: null, nomeCitofono: null };
    const input = { form, order, idempotencyKey: 'k-1', cart: { lines: [], code: null } };
    const outcome = await toPromise(createActor(saveOrder, { input }).start());
    expect(outcome.kind).toBe('queued');
    const { entry } = outcome as Extract<typeof outcome, { kind: 'queued' }>;
    expect(entry.write).toMatchObject({ kind: 'update', orderId: 5, body: { data: { allergy_note: 'frutta a guscio' } } });
    expect(entry.summary?.rows).toContain('Allergie: frutta a guscio');
  });
});
