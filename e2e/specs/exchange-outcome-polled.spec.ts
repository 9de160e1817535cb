import type { Page } from '@playwright/test';
import type { MessageBoxOptions } from 'electron';
import type { SandboxHandle } from '../../electron/sandbox/index.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { expect, test } from '../harness/fixtures.ts';
import type { RunningApp } from '../harness/app.ts';
import { historyRows, openDetail, openHistory } from '../scenarios/history.ts';
import { activeProfile, addProfile, openScreen } from '../scenarios/profiles.ts';
import { getQuoteChosenOrTyped, liveQuote, openQuote, reviewDialog } from '../scenarios/quote.ts';

/**
 * Without a receiver, History still shows what became of an exchange: main asks the service itself
 * (electron/outcomes/desktop/outcome-poller.ts) and the step says it was checked with the service,
 * not called back. The profile is on a sandbox of the test's own (no receiver: only the Local
 * sandbox has one), which confirms an order a few seconds after it is placed. The test ticks the
 * poller itself rather than wait for main's 15 s; main's own ticks may come between, harmlessly.
 */

const MERCHANT = { key: 'polled-merchant-key-4b1e', secret: 'polled-merchant-secret-9c2d', name: 'Polled shop' };
const PROFILE_NAME = 'Shop without receiver';

let service: SandboxHandle;
test.beforeEach(async () => {
  service = await startSandbox({ merchants: [MERCHANT] });
});
test.afterEach(async () => {
  await service.close();
});

async function useProfileWithoutReceiver(page: Page): Promise<void> {
  await openScreen(page, 'Profiles');
  await addProfile(page, { name: PROFILE_NAME, baseUrl: service.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: `${PROFILE_NAME} (LIVE)` });
  await expect(activeProfile(page)).toContainText(PROFILE_NAME);
}

async function placeExchange(page: Page, app: RunningApp): Promise<string> {
  await openQuote(page);
  await getQuoteChosenOrTyped(page, '0.001');
  // A live profile: main asks its own message box, and the person says yes.
  app.standin.desktop.answerMessageBox((options: MessageBoxOptions) => (options.buttons ?? []).indexOf('Place exchange'));
  await liveQuote(page).getByRole('button', { name: 'Exchange at this rate' }).click();
  await expect(reviewDialog(page).getByRole('heading', { name: 'Exchange placed' })).toBeVisible();
  await reviewDialog(page).getByRole('button', { name: 'Close' }).click();
  const [order] = service.state(MERCHANT.key).exchanges;
  if (!order) throw new Error('the sandbox holds no exchange');
  return String(order.foreign_id);
}

test('an exchange on a profile without a receiver shows as confirmed, checked with the service', async ({ page, electronApp, services, words }) => {
  await useProfileWithoutReceiver(page);
  const foreignId = await placeExchange(page, electronApp);
  await expect.poll(() => service.state(MERCHANT.key).exchanges[0]?.status, { timeout: 15_000 }).toBe('confirmed');

  await openHistory(page);
  const entry = await openDetail(page, foreignId);
  const confirmed = entry.getByTestId('outcome-step').filter({ hasText: new RegExp(`^${words.shaped('history.timeline.polled', ['at'], { words: words('outcomes.confirmed') }).source}`) });
  await expect
    .poll(
      async () => {
        await services.outcomePoller.tick();
        return confirmed.count();
      },
      { timeout: 40_000, intervals: [1_000] },
    )
    .toBe(1);
  await expect(confirmed).toHaveAttribute('data-origin', 'polled');
  await expect(entry.getByTestId('entry-outcome')).toHaveText(words('outcomes.confirmed'));
  // The row's badge says the same, and where it came from.
  const badge = historyRows(page).filter({ hasText: foreignId }).locator('td[data-column="outcome"]').getByTestId('entry-outcome');
  await expect(badge).toHaveAttribute('data-origin', 'polled');
  await expect(badge).toHaveAttribute('title', /^Checked with the service at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
});
