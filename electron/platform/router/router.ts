import { fieldMessages } from '../../../shared/api/wire.ts';
import { contract, unknownChannel } from '../../../shared/ipc/contract.ts';
import type { Channel, ParsedRequestOf, ResponseOf } from '../../../shared/ipc/contract.ts';
import { inEnglish, sayWording } from '../../../shared/i18n/words.ts';
import type { Say, Wording } from '../../../shared/i18n/words.ts';
import { appError, isAppFailure } from '../../../shared/ipc/errors.ts';
import type { AppError, Envelope } from '../../../shared/ipc/errors.ts';

/**
 * Contract channel -> handler, validating on the way in and on the way out. Whatever happens, the
 * caller gets an Envelope whose error is one of the typed AppErrors: never a stack, never a secret.
 * The envelope is where main's words reach the window: a failure whose message main built from the
 * catalogues (an AppFailure's `wording`: the platform's, the router's own) is said here, once, in the
 * window's language, for every capability alike.
 */

/** Who is calling; Electron's IPC and the browser harness fill it in, handlers may ignore it. */
export type CallContext = { readonly via?: 'ipc' | 'harness' | 'test' };

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>, context: CallContext) => Promise<ResponseOf<C>>;

/** One handler for every channel: a missing one is a compile error. */
export type Handlers = { [C in Channel]: Handler<C> };

export interface Router {
  handle(channel: unknown, payload: unknown, context?: CallContext): Promise<Envelope<unknown>>;
  /** What a caller from outside the app's window is answered (shell/ipc.ts), in the window's language. */
  refuseSender(): Envelope<never>;
}

/** The window's language, as main's locale holds it: `say` is read at each envelope (it is replaced when the language changes). */
export type RouterWords = { readonly say: Say };

/** What the router writes to the log: the channel and field paths, never the values sent. */
export type RouterLog = (message: string, details: Record<string, unknown>) => void;

const INTERNAL: Wording = { id: 'main.platform.router.internal' };
const INVALID: Wording = { id: 'main.platform.router.invalid' };
const UNKNOWN_CHANNEL: Wording = { id: 'main.platform.router.unknownChannel' };
const FORBIDDEN_SENDER: Wording = { id: 'main.platform.router.forbiddenSender' };
export const INTERNAL_MESSAGE = inEnglish(INTERNAL);

const defaultLog: RouterLog = (message, details) => console.error(`[router] ${message}`, details);

/**
 * The contract's channels, as a Set: a name is a channel only if it is one of them (not '__proto__'
 * or 'constructor', as an object lookup would let through). Checked here, in the router's one
 * lookup, rather than through a helper of its own: the same rule as the preload's (isChannel).
 */
const CONTRACT_CHANNELS: ReadonlySet<unknown> = new Set(Object.keys(contract));

export function createRouter(handlers: Handlers, options: { log?: RouterLog; words?: RouterWords } = {}): Router {
  const log = options.log ?? defaultLog;
  const { words } = options;
  /** The error as the window reads it: a worded message said in its language (English without `words`: tests, benches). */
  const said = (error: AppError, wording: Wording | undefined): Envelope<never> => ({
    ok: false,
    error: wording === undefined ? error : { ...error, message: words ? sayWording(words.say, wording) : inEnglish(wording) },
  });

  const run = async <C extends Channel>(channel: C, payload: unknown, context: CallContext): Promise<Envelope<unknown>> => {
    const { request, response } = contract[channel];
    let parsed: ReturnType<typeof request.safeParse>;
    try {
      parsed = request.safeParse(payload);
    } catch (thrown) {
      // A schema's own check failed on odd input: still the renderer's bad payload, never a crash.
      log('a request schema threw', { channel, error: thrown instanceof Error ? thrown.name : typeof thrown });
      return said({ kind: 'invalid_request', message: '', fields: {} }, INVALID);
    }
    if (!parsed.success) return said({ kind: 'invalid_request', message: '', fields: fieldMessages(parsed.error) }, INVALID);
    const handler = handlers[channel] as Handler<C>;
    let result: unknown;
    try {
      result = await handler(parsed.data as ParsedRequestOf<C>, context);
    } catch (thrown) {
      const { error, wording } = failureOf(channel, thrown, log);
      return said(error, wording);
    }
    const checked = response.safeParse(result);
    if (!checked.success) {
      log('a handler answered outside the contract', {
        channel,
        issues: checked.error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.code}`),
      });
      return said({ kind: 'internal', message: '' }, INTERNAL);
    }
    return { ok: true, value: checked.data };
  };

  return {
    handle: async (channel, payload, context = {}) => {
      if (!CONTRACT_CHANNELS.has(channel)) return said(unknownChannel(channel), UNKNOWN_CHANNEL);
      return run(channel as Channel, payload, context);
    },
    refuseSender: () => said({ kind: 'forbidden_sender', message: '' }, FORBIDDEN_SENDER),
  };
}

/** A thrown AppFailure keeps its typed error (and its wording); anything else becomes the generic internal error. */
function failureOf(channel: Channel, thrown: unknown, log: RouterLog): { error: AppError; wording: Wording | undefined } {
  const internal = { error: { kind: 'internal', message: '' } as AppError, wording: INTERNAL };
  if (isAppFailure(thrown)) {
    const error = appError.safeParse(thrown.error);
    if (error.success) return { error: error.data, wording: thrown.wording };
    log('a handler threw a malformed AppError', { channel, kind: String((thrown.error as { kind?: unknown }).kind) });
    return internal;
  }
  // The stack stays in main's log for whoever debugs it; the renderer gets the generic words only.
  log('a handler failed', { channel, error: thrown instanceof Error ? (thrown.stack ?? thrown.name) : typeof thrown });
  return internal;
}
