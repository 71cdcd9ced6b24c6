import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

/** The one place that turns failures into `{reason, code?, field?}` (ARCHITECTURE §4). */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ ...err.details, reason: err.reason, code: err.code, field: err.field });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'request';
      const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      // An unrecognised key is reported on its parent; name the key itself.
      const params = first?.params as { keys?: string[]; issue?: { keys?: string[] } } | undefined;
      const keys = (params?.keys ?? params?.issue?.keys)?.join(',');
      const field = (keys ? [path, keys].filter(Boolean).join('.') : path) || where;
      const message = first?.message ?? 'is invalid';
      return reply.code(400).send({ reason: `Invalid ${field}: ${message}`, code: 'invalid_request', field });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      return reply.code(500).send({ reason: 'Internal error', code: 'internal' });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (err as { code?: string }).code;
      return reply.code(status).send({
        reason: clientMessage(err as { message?: string; code?: string }, status),
        code: code?.toLowerCase(),
      });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ reason: 'Internal error', code: 'internal' });
  });
});

function clientMessage(err: { message?: string; code?: string }, status: number): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'The request body is not valid JSON';
  }
  if (status === 413) return 'The request body is too large';
  if (status === 415) return 'Unsupported content type';
  return err.message || 'Bad request';
}
