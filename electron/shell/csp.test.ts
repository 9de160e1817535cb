import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';
import { currentFakeElectron } from './testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { CONTENT_SECURITY_POLICY, installContentSecurityPolicy } = await import('./csp.ts');

describe('content security policy', () => {
  it('allows only the app itself: no inline script, no network, no frames', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('replaces whatever policy a response brought', () => {
    const fake = currentFakeElectron();
    installContentSecurityPolicy(fake.module.session.defaultSession as unknown as Session, CONTENT_SECURITY_POLICY);
    let headers: Record<string, string[]> = {};
    fake.defaultSession.headersListener?.(
      { responseHeaders: { 'content-security-policy': ["default-src *"], 'Content-Type': ['text/html'] } },
      (response) => void (headers = response.responseHeaders),
    );
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });
});
