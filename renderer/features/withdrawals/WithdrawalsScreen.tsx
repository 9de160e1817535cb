import { FormattedMessage } from 'react-intl';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { DraftList } from './DraftList.tsx';
import { PayoutImport } from './PayoutImport.tsx';
import { PolicyPanel } from './PolicyPanel.tsx';
import { WithdrawAlone } from './WithdrawAlone.tsx';
import { WithdrawalForm } from './WithdrawalForm.tsx';
import './withdrawals.css';

/**
 * Withdrawal (docs/withdrawals.md; docs/security.md, "Withdrawals under four eyes"): draft a
 * withdrawal, approve or reject the drafts and payout batches of the active profile, and its
 * approval policy. Main builds and sends the
 * request; this screen only gives the fields and the decisions.
 */
export function WithdrawalsScreen() {
  return (
    <section className="screen withdrawals-screen" aria-labelledby="screen-title">
      <ScreenHeading>
        <FormattedMessage id="withdrawals.title" />
      </ScreenHeading>
      <p className="lead">
        <FormattedMessage id="withdrawals.lead" />
      </p>
      <WithdrawalForm />
      <DraftList />
      <PayoutImport />
      <PolicyPanel />
      <WithdrawAlone />
    </section>
  );
}
