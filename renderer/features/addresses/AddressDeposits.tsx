import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import { announce } from '../../components/announce.ts';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DepositList } from '../../components/DepositList.tsx';
import { FailureAlert } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import type { TakenAddress } from './draft.ts';
import { useAddressDeposits, useOpenSandboxPage } from './use-address-deposits.ts';

/**
 * What has been paid into the address so far: every deposit the service reported by callback, with
 * its amount, status, time and txid, refreshed while the address is shown. On the Local sandbox
 * also the way to make a deposit happen: its page where a person pays into the address, as a
 * customer's wallet would.
 */
export function AddressDeposits({ taken }: { taken: TakenAddress }) {
  const deposits = useAddressDeposits(taken.journalId);
  const answer = deposits.data;
  const outcome = answer?.outcomes.find((o) => o.entryId === taken.journalId)?.outcome;
  return (
    <section className="address-deposits" aria-labelledby="address-deposits-title" data-testid="address-deposits">
      <h3 id="address-deposits-title">Deposits into this address</h3>
      {outcome !== undefined && outcome.deposits.length > 0 ? (
        <>
          <p data-testid="address-deposits-summary">{outcome.current.words}</p>
          <DepositList deposits={outcome.deposits} />
        </>
      ) : (
        <p className="muted" data-testid="address-deposits-none">
          {noDepositWords(answer?.source ?? null)}
        </p>
      )}
      {taken.sandboxPage !== null && <SandboxPage url={taken.sandboxPage} />}
    </section>
  );
}

function SandboxPage({ url }: { url: string }) {
  const open = useOpenSandboxPage();
  return (
    <div className="address-sandbox-page" data-testid="address-sandbox-page">
      <p>
        Pay into this address on the sandbox page, as the customer&apos;s wallet would, as often as you like:{' '}
        <CopyableText value={url} what="sandbox page address" testId="address-sandbox-url" />
      </p>
      <button
        type="button"
        className="button"
        disabled={open.isPending}
        onClick={() =>
          open.mutate(url, {
            onSuccess: () => announce('Opened the sandbox page in your browser'),
            onError: (error) => announce(appErrorOf(error).message),
          })
        }
      >
        Open the sandbox page
      </button>
      <FailureAlert error={open.error} />
    </div>
  );
}

function noDepositWords(source: OutcomeSource | null): string {
  if (source === null) return 'Asking the receiver…';
  if (source.kind === 'no-receiver') {
    return 'The service reports deposits into an address only by callback, which needs a receiver for this profile: see "The callback receiver" in the docs (docs/receiver.md). Until then, check deposits in the back office.';
  }
  if (source.kind === 'unreachable') return `The receiver could not be read: ${source.problem}`;
  return 'No deposit reported yet: the service calls back when a payment into the address is seen.';
}
