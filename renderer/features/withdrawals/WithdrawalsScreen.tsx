import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { DraftList } from './DraftList.tsx';
import { PayoutImport } from './PayoutImport.tsx';
import { WithdrawAlone } from './WithdrawAlone.tsx';
import { WithdrawalForm } from './WithdrawalForm.tsx';
import { WORDS } from './withdrawal-words.ts';
import './withdrawals.css';

/**
 * Withdrawal (docs/withdrawals.md; docs/security.md, "Withdrawals under four eyes"): draft a
 * withdrawal, and approve or reject the drafts of the active profile. Main builds and sends the
 * request; this screen only gives the fields and the decisions.
 */
export function WithdrawalsScreen() {
  return (
    <section className="screen withdrawals-screen" aria-labelledby="screen-title">
      <ScreenHeading>{WORDS.title}</ScreenHeading>
      <p className="lead">{WORDS.lead}</p>
      <WithdrawalForm />
      <DraftList />
      <PayoutImport />
      <WithdrawAlone />
    </section>
  );
}
