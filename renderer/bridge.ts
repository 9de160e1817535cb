import { SOURCE_LANGUAGE } from '../shared/i18n/languages.ts';
import { ruleMessage, wordRule } from '../shared/i18n/rule-message.ts';
import type { RuleWording } from '../shared/i18n/rule-message.ts';
import { wordsFor } from '../shared/i18n/words.ts';
import type { BridgeApi } from '../shared/ipc/bridge.ts';
import { BRIDGE_GLOBAL } from '../shared/ipc/channels.ts';
import type { Channel, RequestOf, ResponseOf } from '../shared/ipc/contract.ts';
import type { AppError, Envelope } from '../shared/ipc/errors.ts';
import { AppFailure } from '../shared/ipc/errors.ts';

/**
 * The only way out of the renderer (architecture: "The one rule"). The preload exposes
 * `window.merchantConsole.invoke(channel, payload)`, which answers with an Envelope; this wrapper
 * gives it the contract's types, unwraps the envelope and throws an AppFailure carrying the typed
 * AppError, so screens can branch on `kind` and show `fields` next to their inputs.
 *
 * Every AppError a screen receives is in the window's language: main's messages arrive said in it,
 * and the bridge's own failures (no preload, no answer, an answer it cannot read) and the preload's
 * refusals, which carry a catalogue id (shared/i18n/rule-message.ts: the preload holds no
 * catalogue), are worded here, once, as they are thrown. A field's rule stays encoded: the field's
 * frame words it (components/FieldFrame.tsx).
 */

/** The window's words (components/locale.ts hands them over as the language is read or chosen); English until then. */
let windowWords: RuleWording = wordsFor(SOURCE_LANGUAGE);

export function sayFailuresIn(words: RuleWording): void {
  windowWords = words;
}

/** An AppError with its message in the window's language. */
const said = (error: AppError): AppError => ({ ...error, message: wordRule(windowWords, error.message) });

declare global {
  interface Window {
    /** Named by BRIDGE_GLOBAL in shared/ipc/channels.ts; what the preload gives (shared/ipc/bridge.ts). */
    merchantConsole?: BridgeApi;
  }
}

export { AppFailure };
export type { AppError };

function preloadApi(): BridgeApi | undefined {
  const api = window[BRIDGE_GLOBAL];
  return api && typeof api.invoke === 'function' ? api : undefined;
}

/** False when the page runs without the preload (opened in a plain browser, or a broken build). */
export function bridgeAvailable(): boolean {
  return preloadApi() !== undefined;
}


function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  return value.ok === true ? 'value' in value : value.ok === false && 'error' in value;
}

export async function invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const api = preloadApi();
  if (!api) throw new AppFailure(said({ kind: 'configuration', message: ruleMessage('app.bridge.missing') }));
  let envelope: unknown;
  try {
    envelope = await api.invoke(channel, request);
  } catch {
    // Electron's own rejections lose their structure (errors.ts); say so in plain words.
    throw new AppFailure(said({ kind: 'internal', message: ruleMessage('app.bridge.noAnswer') }));
  }
  if (!isEnvelope(envelope)) {
    throw new AppFailure(said({ kind: 'internal', message: ruleMessage('app.bridge.unreadable') }));
  }
  if (!envelope.ok) throw new AppFailure(said(envelope.error));
  // Main validated the answer against the contract on the way out (router), so it has this type.
  return envelope.value as ResponseOf<C>;
}

/** The AppError behind any thrown value, so screens never show a raw exception. */
export function appErrorOf(thrown: unknown): AppError {
  if (thrown instanceof AppFailure) return thrown.error;
  return said({ kind: 'internal', message: ruleMessage('app.bridge.failed') });
}

/** Field messages of an AppError that has them (invalid_request from the router, validation from the service). */
export function fieldErrorsOf(error: AppError): Record<string, string> {
  return error.kind === 'invalid_request' || error.kind === 'validation' ? error.fields : {};
}
