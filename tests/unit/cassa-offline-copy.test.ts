import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise, waitFor } from 'xstate';
import { connectCassaDayList } from '../../machines/cassaDayList.connect';
import { cassaDayListMachine } from '../../machines/cassaDayList.machine';
import type { CassaDay, ChangeResult, OrderChange } from '../../machines/cassaDayList.types';
import { cassaDayFromWire, createCassaOrderActors } from '../../src/api/cassaActors';
import { createApiClient } from '../../src/api/client';
import { shopNow } from '../../src/domain';
import { cassaDay, phoneOrder } from '../mocks/cassa.fixtures';
import { keptCopy } from '../machines/cassaStart.entries';

describe('the cassa on the copy kept for an offline start', () => {
  it("shows the kept list marked 'Offline: dati delle 20:41' (Rome time) until the server answers", async () => {
    let answer: (day: CassaDay) => void = () => {};
    const list = createActor(
      cassaDayListMachine.provide({
        actors: {
          loadDay: fromPromise<CassaDay, { date: string | null }>(() => new Promise((resolve) => (answer = resolve))),
          saveChange: fromPromise<ChangeResult, OrderChange>(async () => ({ kind: 'saved' })),
          followOrders: fromCallback(() => {}),
        },
      }),
      { input: { date: null, muted: true, day: keptCopy.day } },
    ).start();
    const offline = connectCassaDayList(list.getSnapshot(), () => {});
    expect(offline.offlineNotice).toBe('Offline: dati delle 20:41');
    expect(offline.date).toBe(keptCopy.day.date);
    expect(offline.rows.map((row) => row.name)).toEqual(keptCopy.day.orders.map((order) => order.name));

    answer(cassaDayFromWire(cassaDay([phoneOrder])));
    const online = connectCassaDayList(await waitFor(list, (s) => s.matches({ list: 'ready' })), () => {});
    expect(online.offlineNotice).toBeNull();
    expect(online.rows.map((row) => row.name)).toEqual([phoneOrder.name]);
    list.stop();
  });

  it("the order widget opens on the kept products and zones when the server cannot be reached, on this computer's clock", async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const catalog = await toPromise(createActor(createCassaOrderActors(api, keptCopy.catalog).loadCatalog).start());
    expect(catalog.products).toEqual(keptCopy.catalog!.products);
    expect(catalog.zones).toEqual(keptCopy.catalog!.zones);
    expect(catalog.now()).toEqual(shopNow(new Date()));
    // Without a kept catalogue (an online start), the failure is the widget's as before.
    await expect(toPromise(createActor(createCassaOrderActors(api).loadCatalog).start())).rejects.toThrow();
  });
});
