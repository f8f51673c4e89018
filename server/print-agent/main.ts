/**
 * The shop PC's print agent (issue 33): `npm run print-agent -- --server URL --code PAIRING_CODE --printer HOST:PORT`.
 * The code is exchanged once for a printer token kept in --token-file; the agent then prints its
 * printer's jobs until stopped. Exits 1 when the token is refused (pair again).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPaperWidth } from '../../src/domain';
import { agentApi, loadToken, Unpaired } from './api';
import { startAgent } from './agent';
import { parseAddress } from './printer';
import { CODEPAGE_MAPPINGS, CODEPAGES, DEFAULT_LAYOUT, type PrinterLayout } from './ticket';

const USAGE =
  'Uso: npm run print-agent -- --server URL --code CODICE --printer HOST:PORTA ' +
  '[--token-file print-agent.token] [--paper 80|58] [--columns N] [--codepage cp858] [--codepage-mapping epson]';

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

function oneOf<T extends string>(choices: readonly T[], value: string, option: string): T {
  if (!choices.includes(value as T)) throw new Error(`${option}: uno tra ${choices.join(', ')}`);
  return value as T;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      server: { type: 'string' },
      code: { type: 'string' },
      printer: { type: 'string' },
      'token-file': { type: 'string', default: 'print-agent.token' },
      paper: { type: 'string' },
      columns: { type: 'string' },
      codepage: { type: 'string', default: DEFAULT_LAYOUT.codepage },
      'codepage-mapping': { type: 'string', default: DEFAULT_LAYOUT.codepageMapping },
    },
  });
  if (!values.server || !values.printer) throw new Error(USAGE);
  const server = values.server.replace(/\/+$/, '');
  const printer = parseAddress(values.printer);
  // Without --paper, each job's width as set in 'Stampanti'.
  const paperWidthMm = values.paper === undefined ? undefined : Number(values.paper);
  if (paperWidthMm !== undefined && !isPaperWidth(paperWidthMm)) throw new Error('--paper: 80 o 58');
  const layout: PrinterLayout = {
    paperWidthMm,
    columns: values.columns ? Number(values.columns) : undefined,
    codepage: oneOf(CODEPAGES, values.codepage, '--codepage'),
    codepageMapping: oneOf(CODEPAGE_MAPPINGS, values['codepage-mapping'], '--codepage-mapping'),
  };
  if (layout.columns !== undefined && !(layout.columns >= 24 && layout.columns <= 64)) throw new Error('--columns: tra 24 e 64');
  const tokenFile = path.resolve(values['token-file']);
  const token = await loadToken({ server, code: values.code, tokenFile });
  log(`Agente di stampa avviato: server ${server}, stampante ${printer.host}:${printer.port}, token in ${tokenFile}`);

  const agent = startAgent({ api: agentApi(server, token), printer, layout, log });
  const stop = () => {
    log('Agente di stampa fermato');
    void agent.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await agent.finished;
}

main().catch((error: unknown) => {
  log(error instanceof Unpaired || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
