import { fromPromise } from 'xstate';
import type { cassaDelayMachine, DelayOutcome } from '../../machines/cassaDelay.machine';
import type { DelayMinutes, OutboxWrite } from '../../machines/cassaOutbox.machine';
import { refusedWrite, writeOrQueue } from './cassaOutboxActors';
import { answer, type ApiClient } from './client';
import type { ActorsOf } from './machineActors';

/** 'Ritardo' for the evening: one POST with its key, queued for the outbox when the server cannot be reached. */
export function createCassaDelayActors(api: ApiClient) {
  return {
    delayOrders: fromPromise<DelayOutcome, { minutes: DelayMinutes }>(({ input }) => {
      const key = crypto.randomUUID();
      const write: OutboxWrite = { kind: 'delayAll', minutes: input.minutes };
      return writeOrQueue(
        { key, label: `Ritardo di ${input.minutes} minuti per gli ordini di stasera`, write, summary: null },
        () =>
          api.POST('/api/v1/ecommerce/cassa/delay', { params: { header: { 'Idempotency-Key': key } }, body: { minutes: input.minutes } }),
        (result): DelayOutcome => {
          const settled = answer(result, [409, 422], (_status, body) => refusedWrite(body));
          return 'kind' in settled ? settled : { kind: 'saved', message: settled.message };
        },
      );
    }),
  } satisfies ActorsOf<typeof cassaDelayMachine>;
}
