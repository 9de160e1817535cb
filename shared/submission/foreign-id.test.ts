import { describe, expect, it } from 'vitest';
import { newForeignId } from './foreign-id.ts';

describe('a new foreign id', () => {
  it('says what it is of, and the UTC day it was made', () => {
    const day = new Date(Date.UTC(2025, 0, 2, 23, 59));
    expect(newForeignId('inv', day)).toMatch(/^inv-20250102-[a-z2-9]{8}$/);
    expect(newForeignId('addr', day)).toMatch(/^addr-20250102-[a-z2-9]{8}$/);
    expect(newForeignId('exch', day)).toMatch(/^exch-20250102-[a-z2-9]{8}$/);
  });

  it('differs each time, without letters read aloud wrongly or personal data', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newForeignId('addr')));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id.split('-')[2]).toMatch(/^[a-km-np-z2-9]{8}$/); // no 0, 1, l or o
  });
});
