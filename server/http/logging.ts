import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret or a person's address: verification and reset links, mostly. */
const SECRET_PARAMETER = /([?&](?:token|email|password|password_confirmation|signature)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1[redacted]');
}

/** The request as the access log shows it: Fastify's default fields, with the secrets of the URL hidden. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
