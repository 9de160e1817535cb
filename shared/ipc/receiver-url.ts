import { z } from 'zod';
import { ruleMessage } from '../i18n/rule-message.ts';

/**
 * A profile's receiver URL: where the merchant's callback receiver serves its events
 * (docs/receiver.md), which desktops read with reads signed by the profile's key and secret. It is
 * the receiver's base address; reads go to `<address>/events?after=...`.
 */

/** Loopback as the receiver rule names it: this computer only. */
const RECEIVER_LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const RECEIVER_URL_EXAMPLE = 'https://callbacks.example.com';

/**
 * Why `text` cannot be a receiver URL, or null when it can. https, or plain http only on this
 * computer (127.0.0.1, ::1, localhost): the reads carry the key and a signature, and the answers
 * say what became of payments. No user name or password in it (they would travel in every read,
 * and in logs), and no ?query or #fragment: the read's path and query are appended to it and
 * signed, so anything after the path would change what is signed and where it goes.
 */
export function receiverUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return ruleMessage('rules.profile.receiverWhole', { example: RECEIVER_URL_EXAMPLE });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return ruleMessage('rules.profile.receiverScheme', { example: RECEIVER_URL_EXAMPLE });
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:[\\/]*[^/\\?#]*@/i.test(text)) {
    return ruleMessage('rules.profile.receiverCredentials');
  }
  if (/[?#]/.test(text)) return ruleMessage('rules.profile.receiverQuery', { example: RECEIVER_URL_EXAMPLE });
  if (url.protocol === 'http:' && !RECEIVER_LOOPBACK_HOSTS.has(url.hostname)) {
    return ruleMessage('rules.profile.receiverHttps');
  }
  return null;
}

/**
 * The one form a receiver URL is stored and compared in: scheme://host[:port] and the path, the
 * trailing slashes left out (WHATWG URL: host lowercase, default port gone), as credentialAddressOf
 * gives a base URL. Null when `text` breaks the rule.
 */
export function receiverAddressOf(text: string): string | null {
  if (receiverUrlProblem(text) !== null) return null;
  const url = new URL(text);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The form's and the contract's field: trimmed; empty means none; otherwise its address. */
export const receiverUrlInput = z
  .string()
  .trim()
  .max(2000, ruleMessage('rules.profile.receiverMax', { max: 2000 }))
  .superRefine((text, ctx) => {
    if (text === '') return;
    const problem = receiverUrlProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((text): string | null => (text === '' ? null : receiverAddressOf(text)));
