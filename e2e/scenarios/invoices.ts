import { expect } from '@playwright/test';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import type { Fault } from '../../electron/sandbox/index.ts';
import { escapeRegExp, wordsOn } from '../harness/words.ts';
import { openScreen } from './profiles.ts';
import { clearFaults, sandboxState, setFault } from './sandbox.ts';

/**
 * The New invoice steps as a person does them, and the local sandbox's control endpoints the spec
 * uses to count invoices and to break the network (electron/sandbox/endpoints/control.ts).
 */

export type InvoiceDetails = {
  title: string;
  amount: string;
  currency?: string;
  email: string;
  reference: string;
  urlSuccess: string;
  urlFailed: string;
};

export const ORDER: InvoiceDetails = {
  title: 'Order 1001',
  amount: '100.50',
  currency: 'EUR',
  email: 'buyer@example.com',
  reference: 'cust-42',
  urlSuccess: 'https://shop.example.com/paid',
  urlFailed: 'https://shop.example.com/not-paid',
};

export const invoiceForm = (page: Page): Locator => page.getByRole('form', { name: wordsOn(page)('invoices.form.label') });
/** The invoice form's field by its label as the window words it (`words(...)`). */
export const field = (page: Page, label: string): Locator => invoiceForm(page).getByLabel(label, { exact: true });
export const submitButton = (page: Page): Locator => {
  const words = wordsOn(page);
  const names = [words('invoices.form.submit'), words('components.submitRow.sendAgain'), words('invoices.form.sending')].map(escapeRegExp);
  return invoiceForm(page).getByRole('button', { name: new RegExp(`^(${names.join('|')})`) });
};
export const result = (page: Page): Locator => page.getByTestId('invoice-result');

export async function openInvoices(page: Page): Promise<void> {
  const words = wordsOn(page);
  await openScreen(page, words('nav.invoices'), words('invoices.title'));
  await expect(invoiceForm(page)).toBeVisible();
}

/** Fills the invoice fields; the foreign id stays the generated one. The amount is typed in the window's regional formats. */
export async function fillInvoice(page: Page, details: InvoiceDetails = ORDER): Promise<void> {
  const words = wordsOn(page);
  await field(page, words('invoices.form.title')).fill(details.title);
  await field(page, words('invoices.form.amount')).fill(words.typed(details.amount));
  if (details.currency) await field(page, words('invoices.form.currency')).selectOption(details.currency);
  await field(page, words('invoices.form.email')).fill(details.email);
  await field(page, words('components.references.endUserReference')).fill(details.reference);
  await field(page, words('invoices.form.successUrl')).fill(details.urlSuccess);
  await field(page, words('invoices.form.failureUrl')).fill(details.urlFailed);
}

// The sender section is the shared one (renderer/components/sender), worded through components.*.

export async function leaveOutSender(page: Page): Promise<void> {
  const words = wordsOn(page);
  await invoiceForm(page).getByRole('radio', { name: words('components.sender.leaveOut') }).check();
  await invoiceForm(page).getByRole('checkbox', { name: words('components.sender.confirmLeftOut') }).check();
}

export async function naturalSender(page: Page, person = { first: 'Ada', last: 'Lovelace', born: '1985-12-10' }): Promise<void> {
  const words = wordsOn(page);
  await invoiceForm(page).getByRole('radio', { name: words('components.sender.natural') }).check();
  await field(page, words('components.party.firstName')).fill(person.first);
  await field(page, words('components.party.lastName')).fill(person.last);
  await field(page, words('components.party.dateOfBirth')).fill(person.born);
}

/** Creates the invoice and waits for its result; answers the invoice id shown. */
export async function createInvoice(page: Page): Promise<string> {
  await submitButton(page).click();
  await expect(result(page)).toBeVisible();
  return (await result(page).getByTestId('invoice-id').textContent()) ?? '';
}

/** The customer pays the whole invoice in BTC on its payment page (a page of its own); answers the deposit's transaction id. */
export async function payOnPaymentPage(context: BrowserContext, paymentUrl: string): Promise<string> {
  const customer = await context.newPage();
  await customer.goto(paymentUrl);
  await customer.getByLabel('Currency to pay in').selectOption('BTC');
  await customer.getByRole('button', { name: 'Choose currency' }).click();
  await expect(customer.getByLabel('Amount to send, in BTC')).toHaveValue(/^\d+\.\d+$/);
  await customer.getByRole('button', { name: 'Pay' }).click();
  await expect(customer).toHaveURL(/\?paid=\d+$/);
  const transactionId = new URL(customer.url()).searchParams.get('paid') ?? '';
  await customer.close();
  return transactionId;
}

export type SandboxInvoice = {
  id: number;
  foreign_id: string;
  status: string;
  url: string;
  amount: string;
  currency: string;
  sender_currency: string | null;
  sender_amount: string | null;
};

export async function sandboxInvoices(services: MainServices): Promise<SandboxInvoice[]> {
  return (await sandboxState(services)).invoices as unknown as SandboxInvoice[];
}

/** A fault on invoices/create (electron/sandbox/http/faults.ts); `after` lets the invoice be created first. */
export async function breakInvoiceCreation(services: MainServices, fault: { fault: string; after?: boolean; once?: boolean; ms?: number }): Promise<void> {
  const { fault: kind, ...when } = fault;
  await setFault(services, 'invoices/create', { kind: kind as Fault['kind'], ...when });
}

export { clearFaults };
