import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { PHONE_MESSAGE } from '../../src/domain';
import { AppError, fieldLabel, fieldMessages, type FailureKind, type FieldErrors, type RefusalCode } from '../errors';

const INTERNAL_ERROR = 'Errore interno del server. Riprova tra poco.';

const STATUS: Record<FailureKind, number> = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  too_large: 413,
  csrf: 419,
};

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** `/data/telefono` → `telefono`: a form's fields are keyed by their own name, as the services key them. */
function fieldPath(error: AjvError): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  if (segments[0] === 'data' && segments.length > 1) segments.shift();
  return segments.join('.');
}

function labelOf(path: string): string {
  const last =
    path
      .split('.')
      .filter((s) => !/^\d+$/.test(s))
      .pop() ?? '';
  return fieldLabel(last);
}

/** Fields whose format has its own message in the spec (§5, §8). */
const FORMAT_MESSAGES: Record<string, string> = { telefono: PHONE_MESSAGE, telephone: PHONE_MESSAGE };

function messageOf(error: AjvError, field: string): string {
  const label = labelOf(field);
  const limit = Number(error.params.limit);
  switch (error.keyword) {
    case 'required':
      return fieldMessages.required(label);
    case 'minLength':
      return fieldMessages.min(label, limit);
    case 'maxLength':
      return fieldMessages.max(label, limit);
    case 'maxItems':
      return fieldMessages.maxItems(label, limit);
    case 'additionalProperties':
      return fieldMessages.unexpected(label);
    case 'maxProperties':
      return fieldMessages.tooManyFields(label);
    case 'pattern':
    case 'format':
      return FORMAT_MESSAGES[field.split('.').pop()!] ?? fieldMessages.format(label);
    default:
      return fieldMessages.invalid(label);
  }
}

/**
 * Failures that only repeat another one: a nullable field (`anyOf: [null, X]`) reports "not null" and
 * "no branch matched" beside X's own failure; an int32 format failure comes with its range failure.
 */
function isEcho(error: AjvError): boolean {
  return (
    error.keyword === 'anyOf' ||
    (error.keyword === 'type' && error.params.type === 'null') ||
    (error.keyword === 'format' && error.params.format === 'int32')
  );
}

/** The most fields a refusal names, as the contract bounds it: a body of thousands of bad lines gets the first ones. */
const MAX_FIELDS_NAMED = 1000;

/** Turns schema validation failures into the spec's Italian field messages. */
export function validationErrors(errors: AjvError[]): FieldErrors {
  const result: FieldErrors = {};
  const meaningful = errors.filter((error) => !isEcho(error));
  let named = 0;
  for (const error of meaningful.length > 0 ? meaningful : errors) {
    const field = fieldPath(error);
    const path = field || 'request';
    if (!(path in result) && named++ >= MAX_FIELDS_NAMED) break;
    // A body that is not even an object (an array, a number) has no field to name.
    const message = field ? messageOf(error, field) : 'I dati inviati non sono validi.';
    const list = (result[path] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(STATUS[error.kind]).send({
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      });
    }
    if (error.validation) {
      const errors = validationErrors(error.validation as AjvError[]);
      const message = Object.values(errors).flat()[0] ?? 'I dati inviati non sono validi.';
      return reply.status(422).send({ code: 'validation', message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // A route with its own size limit says it in its own words (an image: 'L'immagine supera 5 MB…').
      const message = request.routeOptions.config.tooLargeMessage ?? 'La richiesta è troppo grande.';
      return reply.status(413).send({ code: 'request.too_large', message });
    }
    if (status === 415) {
      return reply.status(415).send({ code: 'request.unsupported_type', message: 'Formato della richiesta non supportato: usa JSON.' });
    }
    // Fastify's other 4xx are bodies it could not read (bad JSON, an empty JSON body, a wrong length).
    if (status >= 400 && status < 500) return reply.status(400).send({ code: 'request.malformed', message: 'Richiesta non valida.' });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_ERROR });
  });
}

/** Fastify's answers before any route runs (a malformed URL, a path parameter over 100 characters), in Italian. */
const FRAMEWORK_ERRORS: Record<string, [status: number, code: RefusalCode, message: string]> = {
  FST_ERR_BAD_URL: [400, 'request.malformed', 'Indirizzo della richiesta non valido.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'request.too_large', "L'indirizzo richiesto è troppo lungo."],
};

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) return void reply.status(500).send({ message: INTERNAL_ERROR });
  const [status, code, message] = known;
  void reply.status(status).send({ code, message });
}

/** What Node's HTTP parser refuses before Fastify sees a request (headers or URL over 16 KB, garbage). */
const CLIENT_ERRORS: Record<string, [status: number, code: RefusalCode, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'request.too_large', 'La richiesta è troppo grande: indirizzo o intestazioni troppo lunghi.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request.timeout', 'La richiesta ha impiegato troppo tempo: riprova.'],
};

export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (error, socket: Socket) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'request.malformed', 'Richiesta non valida.'];
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
