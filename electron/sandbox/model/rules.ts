import { compareDecimals, decimalPlaces, isWireDecimal, MAX_AMOUNT_PLACES } from '../../../shared/money/index.ts';
import { messages } from './messages.ts';

/**
 * Field rules, Laravel style: each field keeps its first failing message, and the whole set is
 * answered as 400 {"errors": {...}}. Values come from parseJsonLossless, so a JSON number that is
 * not a small integer arrives as its own decimal text and is never turned into a float.
 */

export type Body = Record<string, unknown>;

export interface Errors {
  readonly map: Record<string, string>;
  add(field: string, message: string): void;
  has(field: string): boolean;
  any(): boolean;
}

export function createErrors(): Errors {
  const map: Record<string, string> = {};
  return {
    map,
    add(field, message) {
      if (!(field in map)) map[field] = message;
    },
    has: (field) => field in map,
    any: () => Object.keys(map).length > 0,
  };
}

/** Laravel's "present" for required rules: null and the empty string count as missing. */
export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

interface TextRule {
  required?: boolean;
  max?: number;
}

/** A string field; returns the text or undefined (missing or wrong). `path` prefixes nested keys. */
export function text(e: Errors, body: Body, field: string, rule: TextRule = {}, path = field): string | undefined {
  const value = body[field];
  if (!isPresent(value)) {
    if (rule.required) e.add(path, messages.required(path));
    return undefined;
  }
  if (typeof value !== 'string') {
    e.add(path, messages.string(path));
    return undefined;
  }
  if (rule.max !== undefined && [...value].length > rule.max) {
    e.add(path, messages.maxChars(path, rule.max));
    return undefined;
  }
  return value;
}

/** The decimal text of a number or numeric string, or undefined when it is neither. */
export function decimalText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value === 'string' && isWireDecimal(value)) return value;
  return undefined;
}

interface AmountRule {
  required?: boolean;
  /** Lowest allowed value, inclusive (">= 0" in spec 4.2 and 4.5). */
  min?: string;
}

/** A decimal amount, kept as text. Exponents and other float renderings are refused. */
export function amount(e: Errors, body: Body, field: string, rule: AmountRule = {}): string | undefined {
  const value = body[field];
  if (!isPresent(value)) {
    if (rule.required) e.add(field, messages.required(field));
    return undefined;
  }
  const decimal = decimalText(value);
  if (decimal === undefined) {
    e.add(field, messages.numeric(field));
    return undefined;
  }
  if (rule.min !== undefined && compareDecimals(decimal, rule.min) < 0) {
    e.add(field, messages.minValue(field, rule.min));
    return undefined;
  }
  if (decimalPlaces(decimal) > MAX_AMOUNT_PLACES) {
    e.add(field, messages.decimalPlaces(field, MAX_AMOUNT_PLACES));
    return undefined;
  }
  return decimal;
}

/** Laravel's boolean rule: true, false, 1, 0, "1", "0". */
export function boolean(e: Errors, body: Body, field: string, required: boolean): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) e.add(field, messages.required(field));
    return undefined;
  }
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  e.add(field, messages.boolean(field));
  return undefined;
}

export function oneOf<T extends string>(
  e: Errors,
  body: Body,
  field: string,
  allowed: readonly T[],
  rule: { required?: boolean } = {},
  path = field,
): T | undefined {
  const value = text(e, body, field, { required: rule.required ?? false }, path);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    e.add(path, messages.selectedInvalid(path));
    return undefined;
  }
  return value as T;
}

const EMAIL = /^[^\s@"<>(),;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function email(e: Errors, body: Body, field: string, required: boolean, path = field): string | undefined {
  const value = text(e, body, field, { required, max: 255 }, path);
  if (value === undefined) return undefined;
  if (!EMAIL.test(value)) {
    e.add(path, messages.email(path));
    return undefined;
  }
  return value;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** Hosts the fake "malware scanner" flags (spec 4.4 rule 1), so the rule can be seen to work. */
const FLAGGED_HOST = /(^|\.)(malware|phishing)[.-]/i;

/** An https URL whose host is a domain name, not an IP address (spec 4.4 rule 1). */
export function httpsUrl(e: Errors, body: Body, field: string): string | undefined {
  const value = text(e, body, field, { required: true, max: 2048 });
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    e.add(field, messages.url(field));
    return undefined;
  }
  if (url.protocol !== 'https:') {
    e.add(field, url.protocol === 'http:' ? messages.https(field) : messages.url(field));
    return undefined;
  }
  const host = url.hostname;
  if (host.startsWith('[') || IPV4.test(host) || !host.includes('.') || /^\d+$/.test(host.split('.').pop() ?? '')) {
    e.add(field, messages.domain(field));
    return undefined;
  }
  if (FLAGGED_HOST.test(host)) {
    e.add(field, messages.malware(field));
    return undefined;
  }
  return value;
}
