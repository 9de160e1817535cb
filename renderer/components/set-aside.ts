/**
 * How a screen counts the elements of a list answer that were set aside because they could not be
 * read; each one is worded by shared/api/wire.ts (describeUnreadable), as the dispute
 * report words it too.
 */

export type ListNoun = { one: string; many: string };

export const countOf = (count: number, noun: ListNoun): string => `${count} ${count === 1 ? noun.one : noun.many}`;

export function setAsideCount(count: number, noun: ListNoun): string {
  return `${countOf(count, noun)} set aside`;
}
