/**
 * Structured logs: one JSON object a line, `{"time", "level", "msg", ...}`, on stdout. What is
 * logged is chosen field by field at each call; no header, body or secret is ever passed in whole,
 * so none can reach a log.
 */

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;
export type Log = (level: LogLevel, msg: string, fields?: LogFields) => void;

/** A text field longer than this (an id or a status a sender made huge) is cut, so a line stays a line. */
export const MAX_FIELD_CHARS = 200;

const clip = (value: LogFields[string]) => (typeof value === 'string' && value.length > MAX_FIELD_CHARS ? `${value.slice(0, MAX_FIELD_CHARS)}…` : value);

export function jsonLinesLog(write: (line: string) => void = (line) => process.stdout.write(line)): Log {
  return (level, msg, fields = {}) => {
    const clipped = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, clip(value)]));
    write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...clipped })}\n`);
  };
}

/** What an error says, in one line, for a log: its message, without a stack. */
export function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}
