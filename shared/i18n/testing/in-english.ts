import type { Language } from '../languages.ts';
import { SOURCE_LANGUAGE } from '../languages.ts';
import { wordRule } from '../rule-message.ts';
import { wordsFor } from '../words.ts';

/** A rule's message as an English screen shows it (shared/i18n/rule-message.ts): what the schemas' tests compare. */
export function inEnglish(text: string): string;
export function inEnglish(text: string | null | undefined): string | undefined;
export function inEnglish(text: string | null | undefined): string | undefined {
  return wordRule(wordsFor(SOURCE_LANGUAGE), text ?? undefined);
}

/** Each field's message in English (fieldMessages' answer, worded). */
export function messagesInEnglish(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([field, text]) => [field, inEnglish(text)]));
}

/** Each item with its `message` in English (the elements a list answer set aside, shared/api/wire.ts). */
export function eachMessageInEnglish<T extends { message: string }>(items: readonly T[]): T[] {
  return items.map((item) => ({ ...item, message: inEnglish(item.message) }));
}

/** A rule's message as a screen in `language` shows it. */
export function inLanguage(language: Language, text: string | null | undefined): string | undefined {
  return wordRule(wordsFor(language), text ?? undefined);
}
