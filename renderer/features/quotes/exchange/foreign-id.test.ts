import { describe, expect, it } from 'vitest';
import { foreignIdInput } from '../../../../shared/api/wire.ts';
import { newForeignId } from './foreign-id.ts';

describe('the foreign id of a new exchange', () => {
  it('carries the UTC time and random hex, and fits the request schema', () => {
    const id = newForeignId(Date.UTC(2026, 0, 10, 12, 3, 7), (bytes) => bytes.fill(0xab));
    expect(id).toBe('exch-20260110-120307-abababababab');
    expect(foreignIdInput.parse(id)).toBe(id);
  });

  it('differs between two exchanges made in the same second', () => {
    const at = Date.UTC(2026, 0, 10, 12, 3, 7);
    expect(newForeignId(at)).not.toBe(newForeignId(at));
    expect(newForeignId(at)).toMatch(/^exch-20260110-120307-[0-9a-f]{12}$/);
  });
});
