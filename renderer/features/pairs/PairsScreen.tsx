import { Placeholder } from '../../app/ui/Placeholder.tsx';

export function PairsScreen() {
  return <Placeholder title="Pairs" arrives="the list of currency pairs the service exchanges, with their limits" />;
}
