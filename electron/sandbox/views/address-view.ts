import type { AddressRecord } from '../model/types.ts';

/** An address as addresses/take answers it (docs/service-interface.md, "addresses/take"). */
export function addressView(a: AddressRecord) {
  return { id: a.id, currency: a.currency, convert_to: a.convertTo ?? null, address: a.address, tag: a.tag, foreign_id: a.foreignId };
}
