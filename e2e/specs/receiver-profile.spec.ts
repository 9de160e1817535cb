import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openReceiverStore, startReceiver } from '../../electron/outcomes/index.ts';
import type { EventStore, Receiver } from '../../electron/outcomes/index.ts';
import { expect, test } from '../harness/fixtures.ts';
import { historyRows, openHistory } from '../scenarios/history.ts';
import { createInvoice, field, fillInvoice, invoiceForm, leaveOutSender, payOnPaymentPage, result } from '../scenarios/invoices.ts';
import { activeProfile, addProfile, openScreen, profileRow } from '../scenarios/profiles.ts';

/**
 * A real profile's receiver, end to end, in the built app: the merchant's service is the
 * standalone sandbox (`npm run sandbox -- --callback-url`, its own process), posting its signed
 * callbacks to a standalone receiver started here (the code of `npm run receiver`). A profile
 * without a receiver URL says one is needed; with its URL entered on the Profiles screen (the key
 * and secret typed again for it), History shows the invoice paid on the sandbox's page, confirmed.
 */

const MERCHANT = { key: `shop-key-${randomBytes(6).toString('hex')}`, secret: `shop-secret-${randomBytes(12).toString('hex')}` };
const PROFILE = 'Acme shop';

let receiverDir: string;
let store: EventStore;
let receiver: Receiver;
let sandbox: ChildProcess;
let serviceUrl: string;

/** The standalone sandbox, as a person starts it; answers once it prints its base URL. */
async function startStandaloneSandbox(callbackUrl: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['electron/sandbox/cli.ts', '--port', '0', '--merchant', `${MERCHANT.key}:${MERCHANT.secret}`, '--callback-url', callbackUrl], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /^Base URL: (\S+)$/m.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code}):\n${output}`));
    });
  });
  return { child, baseUrl };
}

test.beforeAll(async () => {
  receiverDir = await mkdtemp(join(tmpdir(), 'mc-e2e-receiver-'));
  store = await openReceiverStore(`sqlite:${join(receiverDir, 'events.sqlite')}`, { env: {} });
  receiver = await startReceiver({ merchants: [{ key: MERCHANT.key, secret: MERCHANT.secret, account: 'acme' }], store, log: () => {}, host: '127.0.0.1', port: 0 });
  const started = await startStandaloneSandbox(`${receiver.url}/callbacks`);
  sandbox = started.child;
  serviceUrl = started.baseUrl;
});

test.afterAll(async () => {
  if (sandbox?.exitCode === null) {
    const exited = new Promise((resolve) => sandbox.once('exit', resolve));
    sandbox.kill('SIGTERM');
    await exited;
  }
  await receiver?.close();
  await store?.close();
  if (receiverDir) await rm(receiverDir, { recursive: true, force: true });
});

/** A new invoice on the active profile, from a blank form; answers its foreign id, id and payment URL. */
async function newInvoice(page: Page): Promise<{ foreignId: string; invoiceId: string; paymentUrl: string }> {
  await openScreen(page, 'New invoice');
  // The screen keeps the invoice made before: a new one starts from a blank form.
  const blank = result(page).getByRole('button', { name: 'New blank invoice' });
  if (await blank.isVisible()) await blank.click();
  await expect(invoiceForm(page)).toBeVisible();
  const foreignId = await field(page, 'Foreign id').inputValue();
  await fillInvoice(page);
  await leaveOutSender(page);
  const invoiceId = await createInvoice(page);
  const paymentUrl = (await result(page).getByTestId('payment-url').textContent())?.trim() ?? '';
  return { foreignId, invoiceId, paymentUrl };
}

test('a real profile reads its outcomes from the receiver URL entered for it: an invoice paid on the service shows confirmed in History', async ({ page, context, words }) => {
  test.setTimeout(150_000); // the sandbox's chain confirms a payment in three 10-second blocks

  // A profile of the merchant's own service, with no receiver yet.
  await openScreen(page, 'Profiles');
  await addProfile(page, { name: PROFILE, baseUrl: serviceUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: `${PROFILE} (LIVE)` });
  await expect(activeProfile(page)).toContainText(PROFILE);

  // Whether an invoice is paid is told only by callbacks: without a receiver, the result says so, and where to set it.
  await newInvoice(page);
  const notice = result(page).getByTestId('receiver-notice');
  await expect(notice).toContainText('A receiver is needed to see what became of it');
  await expect(notice).toContainText('docs/receiver.md');
  await expect(notice).toContainText('Receiver URL');

  // Its URL, entered on the Profiles screen: a receiver the stored key and secret were not entered for asks for both.
  await openScreen(page, 'Profiles');
  await profileRow(page, PROFILE).getByRole('button', { name: `Edit ${PROFILE}` }).click();
  const form = page.getByRole('form', { name: `Edit ${PROFILE}` });
  await form.getByLabel('Receiver URL', { exact: true }).fill(`${receiver.url}/`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText(`Enter the API key for the receiver ${receiver.url}`)).toBeVisible();
  await form.getByLabel('API key', { exact: true }).fill(MERCHANT.key);
  await form.getByLabel('Secret', { exact: true }).fill(MERCHANT.secret);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(profileRow(page, PROFILE).getByTestId('receiver-url')).toHaveText(`Receiver: ${receiver.url}`);

  // Now the invoice screen says nothing of receivers, and History follows the invoice to its end.
  const { foreignId, paymentUrl } = await newInvoice(page);
  await expect(result(page).getByTestId('receiver-notice')).toHaveCount(0);
  await openHistory(page);
  const row = historyRows(page).filter({ hasText: foreignId });
  await expect(row).toHaveCount(1);

  await payOnPaymentPage(context, paymentUrl);

  await expect(row.getByTestId('entry-outcome')).toHaveText(words('outcomes.invoice.pending'), { timeout: 20_000 });
  await expect(row.getByTestId('entry-outcome')).toHaveText(words('outcomes.invoice.confirmed'), { timeout: 90_000 });
  await row.getByRole('button', { name: /details/ }).click();
  const timeline = page.getByTestId('outcome-timeline');
  await expect(timeline).toContainText(words('outcomes.invoice.confirmed'));
  await expect(timeline.getByTestId('receiver-notice')).toHaveCount(0);
  await expect(timeline.getByTestId('outcome-step').last()).toHaveAttribute('data-status', 'confirmed');
});
