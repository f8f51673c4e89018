import type { components } from '../openapi/schema';

/** What went wrong, in business terms; the HTTP layer picks the status code. Messages are Italian. */
export type FailureKind = 'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'too_large' | 'csrf';

/** The stable code of a refusal (openapi.yaml's RefusalCode): what clients branch on, never the message. */
export type RefusalCode = components['schemas']['RefusalCode'];

export type FieldErrors = Record<string, string[]>;

/** Kinds whose refusals share one code unless their thrower names a more precise one. */
type GenericKind = Exclude<FailureKind, 'conflict' | 'too_many' | 'too_large'>;
const DEFAULT_CODE: Record<GenericKind, RefusalCode> = {
  validation: 'validation',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  not_found: 'not_found',
  csrf: 'csrf',
};

export interface AppErrorOptions {
  code?: RefusalCode;
  errors?: FieldErrors;
  /** extra body fields, e.g. `email_verified: false` */
  extra?: Record<string, unknown>;
  /** for 'too_many': seconds until a new attempt may succeed */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly code: RefusalCode;
  readonly errors?: FieldErrors;
  readonly extra?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;

  /** A conflict or a limit always names its code: no generic one fits them. */
  constructor(kind: 'conflict' | 'too_many' | 'too_large', message: string, options: AppErrorOptions & { code: RefusalCode });
  constructor(kind: GenericKind, message: string, options?: AppErrorOptions);
  constructor(
    readonly kind: FailureKind,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = options.code ?? DEFAULT_CODE[kind as GenericKind];
    this.errors = options.errors;
    this.extra = options.extra;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Field errors for one failed validation; the message is the first one, as Laravel answers. */
export function invalid(errors: FieldErrors, code: RefusalCode = 'validation'): AppError {
  const first = Object.values(errors).flat()[0] ?? 'I dati inviati non sono validi.';
  return new AppError('validation', first, { code, errors });
}

export function invalidField(field: string, message: string): AppError {
  return invalid({ [field]: [message] });
}

export const notFound = (message = 'Risorsa non trovata.') => new AppError('not_found', message);
export const conflict = (message: string, code: RefusalCode) => new AppError('conflict', message, { code });

/** Collects field errors while validating a form, then throws them together. */
export class FieldErrorCollector {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field?: string): boolean {
    return field ? Boolean(this.errors[field]) : Object.keys(this.errors).length > 0;
  }

  throwIfAny(code: RefusalCode = 'validation'): void {
    if (this.has()) throw invalid(this.errors, code);
  }
}

/** The spec's generic field messages (SPEC §8). */
export const fieldMessages = {
  required: (label: string) => `${label} è obbligatorio.`,
  format: (label: string) => `${label} ha un formato non valido.`,
  min: (label: string, n: number) => `${label} deve contenere almeno ${n} caratteri.`,
  max: (label: string, n: number) => `${label} non può superare ${n} caratteri.`,
  invalid: (label: string) => `${label} è invalido.`,
  maxItems: (label: string, n: number) => `${label} non può contenere più di ${n} elementi.`,
  unexpected: (label: string) => `${label} non è previsto.`,
  tooManyFields: (label: string) => `${label} contiene troppi campi.`,
};

/** Italian names of the fields people get wrong; other fields are named as they are spelled. */
const FIELD_NAMES: Record<string, string> = {
  tipoConsegna: 'tipo di consegna',
  addressSelector: 'indirizzo',
  nomeCitofono: 'nome sul citofono',
  zonaConsegna: 'zona di consegna',
  zone_id: 'zona',
  client_id: 'cliente',
  indirizzo: 'indirizzo',
  address: 'indirizzo',
  nomeCliente: 'nome del cliente',
  name: 'nome',
  role: 'ruolo',
  telefono: 'telefono',
  telephone: 'telefono',
  fascia: 'orario di consegna',
  codiceSconto: 'codice sconto',
  code: 'codice sconto',
  qty: 'quantità',
  cart: 'carrello',
  password_confirmation: 'conferma password',
  current_password: 'password attuale',
  payment_type: 'tipo di pagamento',
  delivery: 'tipo di consegna',
  delivery_date: 'data di consegna',
  date: 'data',
  page: 'pagina',
  status: 'stato',
  allergy_note: 'allergie o intolleranze',
  allergens: 'allergeni',
  may_contain: 'può contenere',
  diet: 'indicazioni dietetiche',
  base_dough_id: 'impasto di base',
  paper_width_mm: 'larghezza carta',
  copies: 'copie',
  auto_print: 'stampa automatica',
  pairing_code: 'codice di abbinamento',
  reachable: 'raggiungibile',
  paper: 'carta',
  reason: 'motivo',
  detail: 'dettaglio',
};

/** "Il campo email": a label that fits every message template, whatever the noun's gender. */
export function fieldLabel(field: string): string {
  return field ? `Il campo ${FIELD_NAMES[field] ?? field.replace(/_/g, ' ')}` : 'La richiesta';
}
