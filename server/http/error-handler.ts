import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, fieldLabel, fieldMessages, type FailureKind, type FieldErrors } from '../errors';

const STATUS: Record<FailureKind, number> = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
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

function messageOf(error: AjvError, label: string): string {
  switch (error.keyword) {
    case 'required':
      return fieldMessages.required(label);
    case 'minLength':
      return fieldMessages.min(label, Number(error.params.limit));
    case 'maxLength':
      return fieldMessages.max(label, Number(error.params.limit));
    case 'pattern':
    case 'format':
      return fieldMessages.format(label);
    default:
      return fieldMessages.invalid(label);
  }
}

/** Turns schema validation failures into the spec's Italian field messages. */
export function validationErrors(errors: AjvError[]): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const field = fieldPath(error);
    const path = field || 'request';
    // A body that is not even an object (an array, a number) has no field to name.
    const message = field ? messageOf(error, labelOf(field)) : 'I dati inviati non sono validi.';
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
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      });
    }
    if (error.validation) {
      const errors = validationErrors(error.validation as AjvError[]);
      const message = Object.values(errors).flat()[0] ?? 'I dati inviati non sono validi.';
      return reply.status(422).send({ message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'La richiesta è troppo grande.' });
    if (status === 415) return reply.status(415).send({ message: 'Formato della richiesta non supportato: usa JSON.' });
    if (status >= 400 && status < 500) {
      return reply.status(status === 429 ? 429 : 400).send({ message: 'Richiesta non valida.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Errore interno del server. Riprova tra poco.' });
  });
}
