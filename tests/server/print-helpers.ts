import type { ApiClient, ApiResponse } from './harness';

/** The 'Nuova stampante' form: 'Cucina', 80 mm, one copy, printing new online orders by itself. */
export const printerForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Cucina',
  paper_width_mm: 80,
  copies: 1,
  auto_print: true,
  ...overrides,
});

/** A printer created in 'Stampanti' by `owner`, with its one-time pairing code. */
export async function createPrinter(
  owner: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; version: number; code: string }> {
  const created = await owner.post('/api/v1/admin/printers', printerForm(overrides));
  if (created.status !== 201) throw new Error(`printer not created: ${JSON.stringify(created.body)}`);
  return { id: created.body.printer.id, version: created.body.printer.version, code: created.body.pairing_code };
}

/**
 * A print agent as the shop's PC runs it: no cookie, no anti-forgery token, only its printer token
 * as a bearer header once paired.
 */
export class AgentClient {
  constructor(
    private readonly baseUrl: string,
    public token: string | null = null,
  ) {}

  async request(method: string, url: string, body?: unknown): Promise<ApiResponse> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.baseUrl + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: '', headers: response.headers };
    }
    const text = await response.text();
    return { status: response.status, body: type.includes('json') && text ? JSON.parse(text) : text, headers: response.headers };
  }

  claim = () => this.request('POST', '/api/v1/print-agent/jobs/claim', {});
  sending = (id: number) => this.request('POST', `/api/v1/print-agent/jobs/${id}/sending`, {});
  done = (id: number) => this.request('POST', `/api/v1/print-agent/jobs/${id}/done`, {});
  release = (id: number, reason = 'ECONNREFUSED 192.168.1.50:9100') =>
    this.request('POST', `/api/v1/print-agent/jobs/${id}/release`, { reason });
  report = (body: Record<string, unknown>) => this.request('POST', '/api/v1/print-agent/status', body);
}

/** Pairs an agent with `code`; fails the test unless the code works. */
export async function pairedAgent(baseUrl: string, code: string): Promise<AgentClient> {
  const agent = new AgentClient(baseUrl);
  const paired = await agent.request('POST', '/api/v1/print-agent/pair', { pairing_code: code });
  if (paired.status !== 200) throw new Error(`pairing failed: ${JSON.stringify(paired.body)}`);
  agent.token = paired.body.token;
  return agent;
}
