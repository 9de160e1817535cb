import type { Locator, Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

/** Where the target was before the press, and as each event of the click reached the page. */
export type ClickTravel = { before: Box; at: { pointerdown: Box; mouseup: Box; click: Box } };

type Seen = Partial<ClickTravel['at']>;
type Watch = { __clickTravel?: Seen };
type Measurable = { getBoundingClientRect(): Box; ownerDocument: { addEventListener(type: string, listener: () => void, options: object): void } };

/**
 * A person's click with the mouse, in its two halves: the button goes down on the middle of the
 * target, is held about a tenth of a second, as a hand holds it, and comes up at the same spot.
 * The press moves the focus, so what leaving the focused field sets off has been drawn before the
 * release (Playwright's own click releases at once). The target's box is taken in the page as each
 * event arrives: a box asked for after `mouse.up()` would come tasks after the click.
 */
export async function pressAndRelease(page: Page, target: Locator): Promise<ClickTravel> {
  await target.scrollIntoViewIfNeeded();
  const before = await target.evaluate((element) => {
    const measurable = element as unknown as Measurable;
    const boxNow = (): Box => {
      const { x, y, width, height } = measurable.getBoundingClientRect();
      return { x, y, width, height };
    };
    const seen: Seen = {};
    (globalThis as unknown as Watch).__clickTravel = seen;
    for (const type of ['pointerdown', 'mouseup', 'click'] as const) {
      measurable.ownerDocument.addEventListener(type, () => (seen[type] = boxNow()), { capture: true, once: true });
    }
    return boxNow();
  });
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
  const at = await page.evaluate(() => (globalThis as unknown as Watch).__clickTravel ?? {});
  if (!at.pointerdown || !at.mouseup || !at.click) throw new Error(`the click did not reach the page whole: ${JSON.stringify(at)}`);
  return { before, at: { pointerdown: at.pointerdown, mouseup: at.mouseup, click: at.click } };
}
