import { createElement } from 'react';
import { describe } from 'vitest';
import { receiverNoticeCases } from '../../components/outcomes/testing/receiver-notice-cases.ts';
import { AddressResult } from './AddressResult.tsx';
import type { TakenAddress } from './draft.ts';
import { addressDepositsKey } from './use-address-deposits.ts';

// What arrives at a deposit address is told only by callbacks: without a receiver, the result says so.

const taken: TakenAddress = {
  address: { id: 12, currency: 'BTC', convert_to: null, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', tag: null, foreign_id: 'addr-20250601-k3x9q2mz' },
  request: { currency: 'BTC', foreign_id: 'addr-20250601-k3x9q2mz', end_user_reference: 'cust-42', sender_type: 'natural', sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: undefined } },
  receivedAt: Date.UTC(2025, 5, 1, 12),
  journalId: 7,
  sandboxPage: null,
};

describe('a deposit address given, and its receiver', () => {
  receiverNoticeCases(() => createElement(AddressResult, { taken, onNew: () => undefined }), 'what arrives at this address', addressDepositsKey(7));
});
