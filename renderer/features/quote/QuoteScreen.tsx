import { Placeholder } from '../../app/ui/Placeholder.tsx';

export function QuoteScreen() {
  return <Placeholder title="Live quote" arrives="fixed-rate quotes and placing the exchange before the quote expires" />;
}
