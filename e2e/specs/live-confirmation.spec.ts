import type { Page } from '@playwright/test';
import type { MessageBoxOptions } from 'electron';
import type { SandboxHandle } from '../../electron/sandbox/index.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { decimalsEqual } from '../../shared/money/decimal.ts';
import { expect, test } from '../harness/fixtures.ts';
import type { RunningApp } from '../harness/app.ts';
import { detail, openDetail, openHistory } from '../scenarios/history.ts';
import { activeProfile, addProfile, openScreen } from '../scenarios/profiles.ts';
import { getQuoteChosenOrTyped as getQuote, liveQuote, openQuote, reviewDialog } from '../scenarios/quote.ts';

/**
 * A person confirms live actions (docs/security.md): on a LIVE profile a money move and the resolution of an unknown outcome are confirmed in
 * main's own native message box, never in the page. Every address but the local sandbox profile's own
 * is live, loopback included, so a profile of a sandbox on loopback is live.
 *
 * That sandbox is one of the test's own, not the in-app one: main runs the in-app sandbox only while
 * the local sandbox profile is active (profiles/profile-handlers.ts, followActive), so a
 * profile pointing at its address finds nothing once it is chosen. Same server code, real HTTP.
 */

const LIVE_MERCHANT = { key: 'live-merchant-key-0c7e-LIVE', secret: 'live-merchant-secret-5d1a', name: 'Live shop' };
const PROFILE_NAME = 'Shop live';

let service: SandboxHandle;
test.beforeEach(async () => {
  service = await startSandbox({ merchants: [LIVE_MERCHANT] });
});
test.afterEach(async () => {
  await service.close();
});

/** Saves a profile for the merchant through the Profiles screen, and uses it. */
async function useLiveProfile(page: Page): Promise<void> {
  const { baseUrl } = service;
  await openScreen(page, 'Profiles');
  await addProfile(page, { name: PROFILE_NAME, baseUrl, apiKey: LIVE_MERCHANT.key, secret: LIVE_MERCHANT.secret });
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: `${PROFILE_NAME} (LIVE)` });
  await expect(activeProfile(page)).toContainText('LIVE');
  await expect(activeProfile(page)).toContainText(PROFILE_NAME);
}

const liveState = () => service.state(LIVE_MERCHANT.key);

/** A person's click on the named button of main's next message box. */
const clickInMessageBox = (app: RunningApp, label: string) =>
  app.standin.desktop.answerMessageBox((options: MessageBoxOptions) => {
    const index = (options.buttons ?? []).indexOf(label);
    if (index < 0) throw new Error(`the message box has no ${label} button`);
    return index;
  });

/** Clicks "Exchange at this rate" (the page asks nothing of its own) and answers the review dialog. */
async function exchangeAtThisRate(page: Page) {
  await liveQuote(page).getByRole('button', { name: 'Exchange at this rate' }).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a live exchange is confirmed in main’s message box: Cancel places nothing and uses the quote up; Place exchange places one', async ({ page, electronApp, bridge }) => {
  const { desktop } = electronApp.standin;
  await useLiveProfile(page);
  await openQuote(page);
  await getQuote(page);

  clickInMessageBox(electronApp, 'Cancel');
  const dialog = await exchangeAtThisRate(page);
  // Not confirmed: nothing placed, the words say why, and that the quote is used up.
  const refusal = dialog.getByRole('alert').filter({ hasText: 'not confirmed' });
  await expect(refusal).toContainText("Place exchange: nothing was done, because it was not confirmed in the app's confirmation window.");
  await expect(refusal).toContainText('That quote is used up: get a new quote to exchange.');
  expect(liveState().exchanges).toHaveLength(0);

  // Main asked once, modal to the app's window, with both amounts and the price of the quote it holds.
  const [quote] = liveState().quotes;
  if (!quote) throw new Error('the sandbox holds no quote for the live merchant');
  expect(desktop.messageBoxes).toHaveLength(1);
  const asked = desktop.messageBoxes[0];
  expect(asked?.window).toBe(electronApp.window);
  expect(asked?.options).toMatchObject({ type: 'warning', title: 'Place exchange', buttons: ['Cancel', 'Place exchange'], defaultId: 0, cancelId: 0 });
  // The amounts as decimals: main words the sent amount as it was asked (0.01), the service keeps 0.01000000.
  expect(asked?.options.message).toMatch(/^Exchange \S+ BTC for \S+ EUR\?$/);
  const [, sent = '', received = ''] = /^Exchange (\S+) BTC for (\S+) EUR\?$/.exec(asked?.options.message ?? '') ?? [];
  expect(decimalsEqual(sent, quote.sender_amount), `${sent} = ${quote.sender_amount}`).toBe(true);
  expect(decimalsEqual(received, quote.receiver_amount), `${received} = ${quote.receiver_amount}`).toBe(true);
  expect(asked?.options.detail).toContain(`Price: ${quote.price}`);
  expect(asked?.options.detail).toContain(`Profile: ${PROFILE_NAME} (live: real money)`);
  expect(bridge.calls.filter((channel) => channel === 'exchange.place')).toHaveLength(1);

  // A new quote; this time the person says yes in main's window.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(reviewDialog(page)).toHaveCount(0);
  await getQuote(page);
  clickInMessageBox(electronApp, 'Place exchange');
  const second = await exchangeAtThisRate(page);
  await expect(second.getByRole('heading', { name: 'Exchange placed' })).toBeVisible();
  const state = liveState();
  expect(state.exchanges).toHaveLength(1);
  const used = state.quotes.find((q) => q.used_by !== null);
  expect(state.exchanges[0]).toMatchObject({ price: used?.price, sender_currency: 'BTC', receiver_currency: 'EUR' });
  expect(desktop.messageBoxes).toHaveLength(2);
  // Each "Exchange at this rate" sent one placement to main with no click in the page between: the page does not ask.
  expect(bridge.calls.filter((channel) => channel === 'exchange.place')).toHaveLength(2);
});

test('resolving an unknown outcome on the live profile asks main’s message box', async ({ page, electronApp }) => {
  const { desktop } = electronApp.standin;
  await useLiveProfile(page);
  await openQuote(page);
  await getQuote(page);

  // The exchange happens at the sandbox, but its answer is lost: the outcome is unknown.
  service.setFault('exchange/fixed', { kind: 'reset', after: true, once: true });
  clickInMessageBox(electronApp, 'Place exchange');
  const dialog = await exchangeAtThisRate(page);
  await expect(dialog.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
  const foreignId = (await dialog.getByTestId('unknown-foreign-id').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();

  await openHistory(page);
  const entry = await openDetail(page, foreignId);
  const help = entry.getByTestId('unknown-help');
  const record = help.getByRole('button', { name: 'Record what happened' });
  await record.click();
  await help.getByRole('radio', { name: /It succeeded/ }).check();
  await help.getByLabel('Note').fill('The exchange is in the back office');

  // Cancel in main's window: nothing is recorded.
  clickInMessageBox(electronApp, 'Cancel');
  await record.click();
  await expect(entry).toContainText('not confirmed');
  await expect(entry.getByTestId('detail-state')).not.toContainText('Succeeded');
  const resolveBox = desktop.messageBoxes.at(-1);
  expect(resolveBox?.options).toMatchObject({ title: 'Resolve an unknown outcome', buttons: ['Cancel', 'It happened'], cancelId: 0 });
  expect(resolveBox?.options.message).toBe(`Record that exchange.place ${foreignId} DID happen at the service?`);

  // It happened, confirmed in main's window: recorded.
  clickInMessageBox(electronApp, 'It happened');
  await record.click();
  await expect(detail(page).getByTestId('detail-state')).toContainText('Succeeded');
  expect(desktop.messageBoxes).toHaveLength(3);
});
