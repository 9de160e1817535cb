import { Amount } from '../../components/Amount.tsx';
import { useWithdrawalWords } from './withdrawal-words.ts';

/** A table's column heads. */
export function Heads({ names }: { names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The totals per currency of a payout file or batch: the exact decimal main sums, in the window's formats. */
export function Totals({ caption, totals }: { caption: string; totals: Readonly<Record<string, string>> }) {
  const WORDS = useWithdrawalWords();
  return (
    <table className="payout-totals" data-testid="payout-totals">
      <caption>{caption}</caption>
      <Heads names={[WORDS.payout.currency, WORDS.payout.total]} />
      <tbody>
        {Object.entries(totals).map(([currency, total]) => (
          <tr key={currency}>
            <td>{currency}</td>
            <td className="mono">
              <Amount value={total} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
