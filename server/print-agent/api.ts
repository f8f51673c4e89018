import fs from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import type { PrinterState } from './printer';
import type { PrintJob } from './ticket';

export const PAIR_AGAIN_MESSAGE =
  "Token della stampante non valido o revocato: abbina di nuovo l'agente con un nuovo codice da /admin → Stampanti (--code).";

/** The printer token was refused (revoked, or a new pairing code was made): only a new pairing helps. */
export class Unpaired extends Error {
  constructor() {
    super(PAIR_AGAIN_MESSAGE);
  }
}

/** A refusal the agent acts on: the job's lease is another agent's now (do not print it). */
export type Acknowledged = 'ok' | 'lease_lost';

function failed(status: number, body: unknown): never {
  if (status === 401) throw new Unpaired();
  const code = (body as { code?: string } | undefined)?.code ?? 'sconosciuto';
  throw new Error(`risposta ${status} (${code}) dal server`);
}

/** Exchanges the one-time pairing code for a printer token. */
export async function pair(server: string, code: string): Promise<string> {
  const api = createClient<paths>({ baseUrl: server });
  const { data, error, response } = await api.POST('/api/v1/print-agent/pair', { body: { pairing_code: code } });
  if (response.status === 401)
    throw new Error('Codice di abbinamento errato, già usato o revocato: creane uno nuovo in /admin → Stampanti.');
  if (!data) failed(response.status, error);
  return data.token;
}

/** The stored token, or the pairing code exchanged once for one (written 0600: it prints on the shop's printer). */
export async function loadToken(options: { server: string; code?: string; tokenFile: string }): Promise<string> {
  if (fs.existsSync(options.tokenFile)) return fs.readFileSync(options.tokenFile, 'utf8').trim();
  if (!options.code) throw new Error(`Nessun token in ${options.tokenFile}: avvia l'agente con --code CODICE (da /admin → Stampanti).`);
  const token = await pair(options.server, options.code);
  fs.writeFileSync(options.tokenFile, token, { mode: 0o600 });
  fs.chmodSync(options.tokenFile, 0o600);
  return token;
}

/** The agent's operations, with its printer token: nothing else accepts it, and it accepts nothing else. */
export function agentApi(server: string, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const api = createClient<paths>({ baseUrl: server, headers });
  const ack = async (result: Promise<{ error?: unknown; response: Response }>): Promise<Acknowledged> => {
    const { error, response } = await result;
    if (response.ok) return 'ok';
    if (response.status === 409) return 'lease_lost';
    failed(response.status, error);
  };
  const path = (id: number) => ({ params: { path: { id } } });
  return {
    /** the wake-up stream's request (read by ./sse) */
    events: (signal: AbortSignal) =>
      fetch(`${server}/api/v1/print-agent/events`, { headers: { ...headers, Accept: 'text/event-stream' }, signal }),
    async claim(): Promise<PrintJob | null> {
      const { data, error, response } = await api.POST('/api/v1/print-agent/jobs/claim');
      if (!data) failed(response.status, error);
      return data.job;
    },
    sending: (id: number) => ack(api.POST('/api/v1/print-agent/jobs/{id}/sending', path(id))),
    done: (id: number) => ack(api.POST('/api/v1/print-agent/jobs/{id}/done', path(id))),
    release: (id: number, reason: string) => ack(api.POST('/api/v1/print-agent/jobs/{id}/release', { ...path(id), body: { reason } })),
    async report(state: PrinterState): Promise<void> {
      const { error, response } = await api.POST('/api/v1/print-agent/status', { body: state });
      if (!response.ok) failed(response.status, error);
    },
  };
}

export type AgentApi = ReturnType<typeof agentApi>;
