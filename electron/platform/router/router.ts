import { fieldMessages } from '../../../shared/api/wire.ts';
import { contract, unknownChannel } from '../../../shared/ipc/contract.ts';
import type { Channel, ParsedRequestOf, ResponseOf } from '../../../shared/ipc/contract.ts';
import { appError, isAppFailure } from '../../../shared/ipc/errors.ts';
import type { AppError, Envelope } from '../../../shared/ipc/errors.ts';

/**
 * Contract channel -> handler, validating on the way in and on the way out. Whatever happens, the
 * caller gets an Envelope whose error is one of the typed AppErrors: never a stack, never a secret.
 */

/** Who is calling; Electron's IPC and the browser harness fill it in, handlers may ignore it. */
export type CallContext = { readonly via?: 'ipc' | 'harness' | 'test' };

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>, context: CallContext) => Promise<ResponseOf<C>>;

/** One handler for every channel: a missing one is a compile error. */
export type Handlers = { [C in Channel]: Handler<C> };

export interface Router {
  handle(channel: unknown, payload: unknown, context?: CallContext): Promise<Envelope<unknown>>;
}

/** What the router writes to the log: the channel and field paths, never the values sent. */
export type RouterLog = (message: string, details: Record<string, unknown>) => void;

export const INTERNAL_MESSAGE = 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.';
const internal: AppError = { kind: 'internal', message: INTERNAL_MESSAGE };

const defaultLog: RouterLog = (message, details) => console.error(`[router] ${message}`, details);

/**
 * The contract's channels, as a Set: a name is a channel only if it is one of them (not '__proto__'
 * or 'constructor', as an object lookup would let through). Checked here, in the router's one
 * lookup, rather than through a helper of its own: the same rule as the preload's (isChannel).
 */
const CONTRACT_CHANNELS: ReadonlySet<unknown> = new Set(Object.keys(contract));

export function createRouter(handlers: Handlers, options: { log?: RouterLog } = {}): Router {
  const log = options.log ?? defaultLog;

  const run = async <C extends Channel>(channel: C, payload: unknown, context: CallContext): Promise<Envelope<unknown>> => {
    const { request, response } = contract[channel];
    let parsed: ReturnType<typeof request.safeParse>;
    try {
      parsed = request.safeParse(payload);
    } catch (thrown) {
      // A schema's own check failed on odd input: still the renderer's bad payload, never a crash.
      log('a request schema threw', { channel, error: thrown instanceof Error ? thrown.name : typeof thrown });
      return { ok: false, error: { kind: 'invalid_request', message: 'Some fields are not valid.', fields: {} } };
    }
    if (!parsed.success) {
      return {
        ok: false,
        error: { kind: 'invalid_request', message: 'Some fields are not valid.', fields: fieldMessages(parsed.error) },
      };
    }
    const handler = handlers[channel] as Handler<C>;
    let result: unknown;
    try {
      result = await handler(parsed.data as ParsedRequestOf<C>, context);
    } catch (thrown) {
      return { ok: false, error: failureOf(channel, thrown, log) };
    }
    const checked = response.safeParse(result);
    if (!checked.success) {
      log('a handler answered outside the contract', {
        channel,
        issues: checked.error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.code}`),
      });
      return { ok: false, error: internal };
    }
    return { ok: true, value: checked.data };
  };

  return {
    handle: async (channel, payload, context = {}) => {
      if (!CONTRACT_CHANNELS.has(channel)) return { ok: false, error: unknownChannel(channel) };
      return run(channel as Channel, payload, context);
    },
  };
}

/** A thrown AppFailure keeps its typed error; anything else becomes the generic internal error. */
function failureOf(channel: Channel, thrown: unknown, log: RouterLog): AppError {
  if (isAppFailure(thrown)) {
    const error = appError.safeParse(thrown.error);
    if (error.success) return error.data;
    log('a handler threw a malformed AppError', { channel, kind: String((thrown.error as { kind?: unknown }).kind) });
    return internal;
  }
  // The stack stays in main's log for whoever debugs it; the renderer gets the generic words only.
  log('a handler failed', { channel, error: thrown instanceof Error ? (thrown.stack ?? thrown.name) : typeof thrown });
  return internal;
}
