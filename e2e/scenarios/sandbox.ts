import type { MainServices } from '../../electron/app/index.ts';
import type { Fault, SandboxHandle, SandboxSnapshot } from '../../electron/sandbox/index.ts';

/**
 * The local sandbox behind the page, for what a person cannot see from the console: the records
 * behind the API, faults on the network, other merchants. It runs inside the test's own main
 * services, so the specs use its handle directly (its HTTP control endpoints have tests of their
 * own in electron/sandbox/tests).
 */

const handle = (services: MainServices): Promise<SandboxHandle> => services.sandbox.ensure();

/** Every merchant's records, or one merchant's. */
export async function sandboxState(services: MainServices, merchantKey?: string): Promise<SandboxSnapshot> {
  return (await handle(services)).state(merchantKey);
}

/** Breaks one endpoint (electron/sandbox/http/faults.ts); `fault` null removes that path's fault. */
export async function setFault(services: MainServices, path: string, fault: Fault | null): Promise<void> {
  (await handle(services)).setFault(path, fault);
}

export async function clearFaults(services: MainServices): Promise<void> {
  (await handle(services)).clearFaults();
}

export async function addMerchant(services: MainServices, merchant: { key: string; secret: string; name?: string }): Promise<void> {
  (await handle(services)).addMerchant(merchant);
}

/** Pays an invoice as its payment page would (the customer's wallet sends the money); answers the deposit's transaction id. */
export async function payInvoice(services: MainServices, invoiceId: number, payment: { amount: string; currency?: string }): Promise<number> {
  return (await handle(services)).payInvoice(invoiceId, payment).transactionId;
}
