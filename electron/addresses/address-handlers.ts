import { createCallLimit } from '../platform/limits/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { LOCAL_SANDBOX_ID } from '../platform/profiles/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';
import type { PaymentPageVerdict } from '../../shared/ipc/contract.ts';

/**
 * Deposit addresses taken in any rolling minute, by the whole console: as for invoices, far above
 * what a person types (a customer's reference and sender data for each), far below what a runaway
 * or compromised renderer asks for.
 */
export const ADDRESSES_PER_MINUTE = 20;

/** The payment pages main may open ('shell.openPaymentPage', electron/invoices/payment-pages.ts): only one recorded here is. */
export type PageRecord = { record(url: string, baseUrl: string): PaymentPageVerdict };

/**
 * addresses/take (docs/service-interface.md, "addresses/take"). It creates something under the
 * merchant's foreign id, so it goes through the journal as a submission, like an invoice: pending
 * before it leaves, the sent mark, settled by the one rule (shared/submission/outcome.ts), a lost
 * answer outcome unknown; taking it again under the same foreign id is refused by the service and
 * explained from the journal. It moves no money, so a live profile asks no native confirmation.
 * The journal keeps the address and no sender personal data (journal/tracking.ts).
 */
export function addressHandlers(deps: ServiceDeps, pages: PageRecord): Pick<Handlers, 'addresses.take'> {
  const takes = createCallLimit({
    limit: ADDRESSES_PER_MINUTE,
    now: deps.now,
    // In the window's language, read when the limit is hit (the person may have changed it since).
    words: (seconds) => deps.locale.say('main.addresses.limit', { limit: ADDRESSES_PER_MINUTE, seconds }),
  });
  /**
   * On the Local sandbox, its page where a person pays into the address, as the customer's wallet
   * would: the preview and dev flows need a way to make deposits happen. Recorded as a payment
   * page, so that 'shell.openPaymentPage' opens it; null anywhere else, or if the sandbox has no
   * page for it.
   */
  const sandboxPageOf = async (profileId: string, addressId: number, baseUrl: string): Promise<string | null> => {
    if (profileId !== LOCAL_SANDBOX_ID) return null;
    try {
      const url = (await deps.sandbox.ensure()).addressPayPage(addressId);
      return pages.record(url, baseUrl).allowed ? url : null;
    } catch {
      return null;
    }
  };
  return {
    'addresses.take': async (request) => {
      takes.take();
      const { client, profileId, profileName, origin, baseUrl, tracker } = await deps.connection.active();
      const { value: address, journalId } = await tracker.submission(
        {
          profileId,
          profileName,
          origin,
          operation: 'addresses.take',
          foreignId: request.foreign_id,
          endUserReference: request.end_user_reference,
          currency: request.currency,
          request,
        },
        (receipt) => client.takeAddress(request, receipt),
        (value) => ({ serviceId: value.id, serviceStatus: null, address: value.address }),
      );
      return { address, journalId, sandboxPage: await sandboxPageOf(profileId, address.id, baseUrl) };
    },
  };
}
