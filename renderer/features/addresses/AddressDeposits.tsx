import { FormattedMessage, useIntl } from 'react-intl';
import { wordOutcome } from '../../../shared/api/outcome-words.ts';
import { announce } from '../../components/announce.ts';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DepositList } from '../../components/DepositList.tsx';
import { FailureAlert } from '../../components/States.tsx';
import { ReceiverNotice } from '../../components/outcomes/ReceiverNotice.tsx';
import type { ToldByCallbacks } from '../../components/outcomes/receiver-notice-words.ts';
import { appErrorOf } from '../../bridge.ts';
import type { TakenAddress } from './draft.ts';
import { useAddressDeposits, useOpenSandboxPage } from './use-address-deposits.ts';

/** What the receiver notice is about: a code the shared notice words, not a word of this screen. */
const TOLD: ToldByCallbacks = 'deposit address';

/**
 * What has been paid into the address so far: every deposit the service reported by callback, with
 * its amount, status, time and txid, refreshed while the address is shown. On the Local sandbox
 * also the way to make a deposit happen: its page where a person pays into the address, as a
 * customer's wallet would.
 */
export function AddressDeposits({ taken }: { taken: TakenAddress }) {
  const intl = useIntl();
  const deposits = useAddressDeposits(taken.journalId);
  const answer = deposits.data;
  const outcome = answer?.outcomes.find((o) => o.entryId === taken.journalId)?.outcome;
  return (
    <section className="address-deposits" aria-labelledby="address-deposits-title" data-testid="address-deposits">
      <h3 id="address-deposits-title">
        <FormattedMessage id="addresses.deposits.title" />
      </h3>
      {outcome !== undefined && outcome.deposits.length > 0 ? (
        <>
          <p data-testid="address-deposits-summary">{wordOutcome(intl, outcome.current.words)}</p>
          <DepositList deposits={outcome.deposits} />
        </>
      ) : answer?.source.kind === 'no-receiver' || answer?.source.kind === 'unreachable' ? null : (
        <p className="muted" data-testid="address-deposits-none">
          <FormattedMessage id={answer === undefined ? 'addresses.deposits.asking' : 'addresses.deposits.none'} />
        </p>
      )}
      {/* With no receiver, or one that cannot be read, the one notice says so and where to set it up. */}
      <ReceiverNotice source={answer?.source ?? null} what={TOLD} />
      {taken.sandboxPage !== null && <SandboxPage url={taken.sandboxPage} />}
    </section>
  );
}

function SandboxPage({ url }: { url: string }) {
  const intl = useIntl();
  const open = useOpenSandboxPage();
  return (
    <div className="address-sandbox-page" data-testid="address-sandbox-page">
      <p>
        <FormattedMessage
          id="addresses.sandbox.text"
          values={{ page: <CopyableText value={url} what={intl.formatMessage({ id: 'addresses.sandbox.what' })} testId="address-sandbox-url" /> }}
        />
      </p>
      <button
        type="button"
        className="button"
        disabled={open.isPending}
        onClick={() =>
          open.mutate(url, {
            onSuccess: () => announce(intl.formatMessage({ id: 'addresses.sandbox.opened' })),
            onError: (error) => announce(appErrorOf(error).message),
          })
        }
      >
        <FormattedMessage id="addresses.sandbox.open" />
      </button>
      <FailureAlert error={open.error} />
    </div>
  );
}
