import { describe, expect, it } from 'vitest';
import { searchSql, tilePattern } from './search-sql.ts';

/**
 * The pattern the team journal's pg_trgm index reads for a longer term (search-sql.ts tilePattern):
 * it must hold wherever the term does, or an entry would be missing from History's search; the
 * term itself is still tested on what it finds (postgres/search-plans.test.ts reads the plans).
 */

/** What ILIKE does with a pattern of letters and digits between wildcards: each in turn, after the one before, case ignored. */
function ilike(pattern: string, text: string): boolean {
  const lower = text.toLowerCase();
  let from = 0;
  for (const segment of pattern.slice(1, -1).split('%')) {
    const at = lower.indexOf(segment.toLowerCase(), from);
    if (at < 0) return false;
    from = at + segment.length;
  }
  return true;
}

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the pattern the text index reads for a term', () => {
  it('reads a txid by six tiles, a reference by its number, a title phrase without its words\' edges', () => {
    const txid = '34fe010a3c0492363e1a1223ccab7dc3b32e7089c646162f2f706b7bf07036c9';
    expect(tilePattern(txid)).toBe('%34f%923%cca%708%2f7%36c%');
    expect(tilePattern('CUST-06928')).toBe('%06928%');
    expect(tilePattern('INV-00610000')).toBe('%00610000%');
    expect(tilePattern('walnut desk')).toBe('%walnut%desk%');
    // A short number may be common (a year): the words stay.
    expect(tilePattern('Acme 2025')).toBe('%Acme%2025%');
  });

  it('leaves a term that is its own pattern, or has no word of three, as it is', () => {
    for (const term of ['walnut', '610000', 'abc', 'ab', 'a-b-c', '%_', 'äpfel'.slice(0, 2), '']) expect(tilePattern(term), term).toBeUndefined();
  });

  it('holds wherever the term does, in any case, beside any text (10,000 generated terms)', () => {
    const next = random(20_261_126);
    const pick = (alphabet: string) => alphabet.charAt(Math.floor(next() * alphabet.length));
    const alphabets = ['0123456789abcdef', '0123456789', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', ' -_%.:/"äöüß€'];
    const draw = (length: number) => Array.from({ length }, () => pick(alphabets[Math.floor(next() * alphabets.length)] ?? '')).join('');
    let tiled = 0;
    for (let n = 0; n < 10_000; n += 1) {
      const term = draw(1 + Math.floor(next() * 70));
      const pattern = tilePattern(term);
      if (pattern === undefined) continue;
      tiled += 1;
      const cased = [...term].map((c) => (next() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
      const text = `${draw(Math.floor(next() * 20))}${cased}${draw(Math.floor(next() * 20))}`;
      expect(ilike(pattern, text), `${JSON.stringify(term)} → ${pattern} in ${JSON.stringify(text)}`).toBe(true);
      // Segments between wildcards only: each one a run of letters and digits, so no edge trigram is read.
      expect(pattern).toMatch(/^%([A-Za-z0-9]{3,}%)+$/);
    }
    expect(tiled).toBeGreaterThan(5_000);
  });

  it('is the team journal\'s index condition, the term itself tested beside it; SQLite\'s search is as it was', () => {
    const { where, params } = searchSql('postgres', 'shop', { text: 'CUST-06928' });
    expect(params).toEqual(['shop', '%CUST-06928%', '%06928%', 200, 0]);
    expect(where).toContain("ILIKE $3 ESCAPE '\\' AND ((coalesce(foreign_id, '')");
    expect(where.endsWith("ILIKE $2 ESCAPE '\\')::integer <> 0")).toBe(true);
    expect(searchSql('postgres', 'shop', { text: 'walnut' }).params).toEqual(['shop', '%walnut%', 200, 0]);
    expect(searchSql('sqlite', 'shop', { text: 'CUST-06928' }).params).toEqual(['shop', '%CUST-06928%', '%CUST-06928%', '%CUST-06928%', '%CUST-06928%', '%CUST-06928%', '%CUST-06928%', 200, 0]);
  });
});
