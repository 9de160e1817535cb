import type { AddressTakeRequest, DepositAddress } from '../../../shared/api/address.ts';
import { createSubmissionDraft } from '../../components/submission/submission-draft.ts';
import type { AddressFormValues } from './address-form-schema.ts';

/** A deposit address the service gave, with what was asked and when the answer came (epoch ms). */
export type TakenAddress = {
  address: DepositAddress;
  request: AddressTakeRequest;
  receivedAt: number;
  /** Its journal entry: what the deposits into it are asked by (outcomes.forEntries). */
  journalId: number;
  /** On the Local sandbox, its page where a person pays into the address; null elsewhere. */
  sandboxPage: string | null;
};

/**
 * The Deposit address screen's state outside the screen, so that checking a balance or History and
 * coming back finds the half-typed form, or the address to hand the customer, still there.
 */
export const useAddressDraft = createSubmissionDraft<AddressFormValues, TakenAddress>();
