import { z } from 'zod';
import { addressTakeRequest, depositAddress } from '../../api/index.ts';
import { journalId } from './common.ts';

export const addressesChannels = {
  /**
   * A deposit address for one customer (docs/service-interface.md, "addresses/take"), journaled as
   * addresses.take before it leaves, like an invoice; `tag`, when set, must be shown with the address.
   */
  'addresses.take': {
    request: addressTakeRequest,
    response: z.object({
      address: depositAddress,
      journalId,
      /**
       * On the Local sandbox only: its page where a person pays into the address, as a customer's
       * wallet would (opened with shell.openPaymentPage); null on any other profile.
       */
      sandboxPage: z.string().nullable(),
    }),
  },
} as const;
