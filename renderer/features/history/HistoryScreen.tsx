import { Placeholder } from '../../app/ui/Placeholder.tsx';

export function HistoryScreen() {
  return <Placeholder title="History" arrives="the local journal of what this console did" />;
}
