import { Placeholder } from '../../app/ui/Placeholder.tsx';

export function TransactionsScreen() {
  return <Placeholder title="Transactions" arrives="transaction lookup by id or txid" />;
}
