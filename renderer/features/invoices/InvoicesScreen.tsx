import { Placeholder } from '../../app/ui/Placeholder.tsx';

export function InvoicesScreen() {
  return <Placeholder title="New invoice" arrives="invoice creation: amount, currency and the travel-rule sender data" />;
}
