import type { z } from 'zod';

/** Where a service response failed its schema, in the path notation people read: data.fees[0].amount. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text === '' ? String(key) : `${text}.${String(key)}`;
  }, '');
}

export type ParseOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; field: string; message: string };

/** zod's "Invalid input: expected string, received boolean" as plain words: "expected string, received boolean". */
export function plainProblem(message: string): string {
  const detail = message.replace(/^Invalid input:?\s*/i, '');
  return detail === '' ? 'an unexpected type or value' : detail;
}

/** Parses a response body with a schema and reports the first field it could not read. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): ParseOutcome<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const path = issuePath([...(prefix ? [prefix] : []), ...(issue?.path ?? [])]);
  return { ok: false, field: path || '(body)', message: issue?.message ?? 'could not be read' };
}

/** Turns zod issues into one message per field, the shape the forms show next to each field. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issuePath(issue.path) || '(request)';
    fields[path] ??= issue.message;
  }
  return fields;
}
