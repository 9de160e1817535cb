import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * Chromium's own side of a permission. Outside Electron, Chromium decides for itself (headless
 * Chromium grants clipboard-sanitized-write to any focused page), so the stand-in first sets every
 * permission it routes to "denied" for the whole browser context, and grants one only for the
 * origin whose request main's handler has just granted (page-runtime.ts asks, ipc-pipe.ts answers).
 * The setting goes through the DevTools protocol (Browser.setPermission), the same override
 * Playwright's grantPermissions uses; Playwright has no public "deny".
 *
 * Electron's names (shell/common/gin_converters/content_converter.cc, PermissionType -> string)
 * against Chromium's descriptors (third_party/blink/renderer/modules/clipboard/clipboard_promise.cc):
 * writeText and a sanitized write() ask CLIPBOARD_SANITIZED_WRITE, "clipboard-sanitized-write";
 * reads and unsanitized writes ask CLIPBOARD_READ_WRITE, "clipboard-read".
 */

export const ROUTED_PERMISSIONS = ['clipboard-sanitized-write', 'clipboard-read'] as const;
export type RoutedPermission = (typeof ROUTED_PERMISSIONS)[number];

const DESCRIPTORS: Record<RoutedPermission, { name: string; allowWithoutSanitization?: boolean }> = {
  'clipboard-sanitized-write': { name: 'clipboard-write', allowWithoutSanitization: false },
  'clipboard-read': { name: 'clipboard-read' },
};

export const isRoutedPermission = (name: unknown): name is RoutedPermission => (ROUTED_PERMISSIONS as readonly unknown[]).includes(name);

export class ChromiumPermissions {
  private readonly browserSession: CDPSession;
  private readonly browserContextId: string;

  private constructor(browserSession: CDPSession, browserContextId: string) {
    this.browserSession = browserSession;
    this.browserContextId = browserContextId;
  }

  /** Found through a page of the context (Playwright does not expose the context's id). */
  static async deniedFor(browser: Browser, context: BrowserContext, page: Page): Promise<ChromiumPermissions> {
    const pageSession = await context.newCDPSession(page);
    const { targetInfo } = (await pageSession.send('Target.getTargetInfo')) as { targetInfo: { browserContextId?: string } };
    await pageSession.detach();
    if (!targetInfo.browserContextId) throw new Error('The Electron stand-in could not find its browser context');
    const permissions = new ChromiumPermissions(await browser.newBrowserCDPSession(), targetInfo.browserContextId);
    for (const permission of ROUTED_PERMISSIONS) await permissions.set(permission, undefined, 'denied');
    return permissions;
  }

  /** One permission for one origin (or, without one, for every origin of the context). */
  async set(permission: RoutedPermission, origin: string | undefined, setting: 'granted' | 'denied'): Promise<void> {
    await this.browserSession.send('Browser.setPermission', {
      permission: DESCRIPTORS[permission],
      setting,
      browserContextId: this.browserContextId,
      ...(origin ? { origin } : {}),
    });
  }

  async dispose(): Promise<void> {
    await this.browserSession.detach().catch(() => undefined);
  }
}
