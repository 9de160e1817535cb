import type { NumberKeys } from '../../../shared/money/index.ts';

export type ServiceAction = 'invoice' | 'exchange' | 'withdrawal' | 'address' | 'quote' | 'lookup' | 'pairs' | 'balances' | 'ping' | 'sample';

/** One call to the processing service, as the endpoint files describe it to the transport. */
export interface ServiceCall {
  method: 'GET' | 'POST';
  /** Path below the base URL, such as `transactions/info`. */
  path: string;
  /**
   * The JSON body, serialised once and signed. `null` sends neither a body nor the key headers:
   * only /ping, which needs no signature (docs/service-interface.md, "Signing").
   */
  body: Record<string, unknown> | null;
  /**
   * The body's exact text, signed and sent as it is, instead of `body` serialised: a withdrawal's
   * approved draft, whose bytes were fixed when it was drafted (electron/withdrawals/).
   */
  exactBody?: string;
  /**
   * What the call does, for messages: worded by the catalogue's select (main.platform.api.action,
   * "create the invoice"); any other name is worded "call the service".
   */
  action: ServiceAction;
  /**
   * Set on the POSTs that create something under the merchant's foreign_id (invoices/create,
   * exchange/fixed, withdrawal/crypto): a lost answer to these is an unknown outcome.
   */
  foreignId?: string;
  /**
   * Set on calls that may be sent twice without harm: they change nothing and count against no
   * limit (lookups, pairs, ping). Only these share kept-alive connections, because only these may
   * be sent again when a reused connection turns out to be stale (http-exchange.ts). Never
   * exchange/calculate: a second send would count against the 30 a minute (spec 8).
   */
  repeatable?: true;
  /** The most its answer may weigh, in bytes (answer-limits.ts); past it the answer is refused unread. */
  maxAnswerBytes: number;
}

/**
 * What the journal keeps of one call (the HTTP status and how long the call took): filled
 * in by the transport whatever the outcome, so a failed or lost call leaves its trace too.
 */
export interface CallReceipt {
  /** The HTTP status, or null when no status line arrived. */
  status: number | null;
  durationMs: number | null;
  /** The answer's body as received, or null when none arrived. */
  text: string | null;
  /**
   * Set by the journal for its sent mark: called immediately BEFORE the request's bytes are handed to the
   * network, and never otherwise. A promise is awaited first (a team journal commits the sent mark
   * across a network). If it throws or rejects, nothing is sent and the call fails with
   * its error.
   */
  onSend?: () => void | Promise<void>;
  /**
   * The answer as the client parsed it, once (transport.ts, `read`), and where its JSON numbers
   * stood: set when the schema took it. The journal keeps its copy from this (journal/tracking.ts), so the
   * answer is not parsed a second time; without it, the journal reads `text`.
   */
  parsed?: ParsedAnswer;
}

/** A JSON answer as parsed losslessly (shared/money/json.ts), with the places of its numbers. */
export type ParsedAnswer = { json: unknown; numbers: NumberKeys };

/** A complete 2xx answer. */
export interface ServiceReply {
  status: number;
  text: string;
}
