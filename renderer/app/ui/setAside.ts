import type { UnreadableElement } from '../../../shared/api/list.ts';

/**
 * How a screen words the elements of a list answer that were set aside because they could not be
 * read (issue 12): each as "unreadable: <field> = <value as received>", and how many there were.
 */

export type ListNoun = { one: string; many: string };

export const countOf = (count: number, noun: ListNoun): string => `${count} ${count === 1 ? noun.one : noun.many}`;

export function setAsideCount(count: number, noun: ListNoun): string {
  return `${countOf(count, noun)} set aside`;
}

/** "#3 unreadable: rate_to = 1,5 (is not a decimal amount)"; the position is as in the answer, from 1. */
export function setAsideLine(element: UnreadableElement): string {
  const field = element.field === '' ? 'the whole element' : element.field;
  if (element.value === null) return `#${element.index + 1} unreadable: ${field} is missing`;
  const value = element.value === '' ? '(empty text)' : element.value;
  return `#${element.index + 1} unreadable: ${field} = ${value} (${element.message})`;
}
