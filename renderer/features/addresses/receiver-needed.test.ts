import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import { outcomeSourceKey } from '../../components/outcomes/use-outcome-source.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { AddressResult } from './AddressResult.tsx';
import type { TakenAddress } from './draft.ts';

// What arrives at a deposit address is told only by callbacks: without a receiver, the result says so.

const taken: TakenAddress = {
  address: { id: 12, currency: 'BTC', convert_to: null, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', tag: null, foreign_id: 'addr-20250601-k3x9q2mz' },
  request: { currency: 'BTC', foreign_id: 'addr-20250601-k3x9q2mz', end_user_reference: 'cust-42', sender_type: 'natural', sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: undefined } },
  receivedAt: Date.UTC(2025, 5, 1, 12),
};

const render = (source: OutcomeSource) =>
  staticMarkup(createElement(AddressResult, { taken, onNew: () => undefined }), (client) => client.setQueryData(outcomeSourceKey(null), { source, outcomes: [] }));

describe('a deposit address given, and its receiver', () => {
  it('says a receiver is needed to see what arrives, when the profile has none', () => {
    const text = readableText(render({ kind: 'no-receiver' }));
    expect(text).toContain('what arrives at this address');
    expect(text).toContain('docs/receiver.md');
  });

  it('says plainly that the receiver could not be read', () => {
    expect(readableText(render({ kind: 'unreachable', url: 'https://callbacks.example.com', problem: 'It answered 403.' }))).toContain('It answered 403.');
  });

  it('says nothing of it when the receiver was read', () => {
    expect(render({ kind: 'receiver', url: 'https://callbacks.example.com' })).not.toContain('receiver-notice');
  });
});
