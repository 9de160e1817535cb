import type { z } from 'zod';
import { fieldMessages } from '../../../shared/api/index.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';

/**
 * Checks a request with its shared schema at the client boundary. The router has already done so;
 * doing it again is cheap and keeps the client safe when called on its own.
 */
export function checkRequest<S extends z.ZodType>(schema: S, request: unknown): z.output<S> {
  const result = schema.safeParse(request);
  if (result.success) return result.data;
  const fields = fieldMessages(result.error);
  const first = Object.entries(fields)[0];
  throw new AppFailure({ kind: 'invalid_request', fields, message: first ? `${first[0]}: ${first[1]}` : 'The request is not valid.' });
}
