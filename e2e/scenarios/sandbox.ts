import type { MainServices } from '../../electron/core/services/index.ts';
import type { Fault } from '../../electron/sandbox/faults.ts';
import type { SandboxSnapshot } from '../../electron/sandbox/snapshot.ts';

/**
 * The local sandbox's control endpoints (electron/sandbox/control.ts), for what a person cannot
 * see from the console: the records behind the API, faults on the network, other merchants.
 */

export function sandboxOrigin(services: MainServices): string {
  const baseUrl = services.sandbox.baseUrl();
  if (!baseUrl) throw new Error('The local sandbox is not running');
  return new URL(baseUrl).origin;
}

export async function sandboxControl(services: MainServices, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandboxOrigin(services)}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** GET /sandbox/state: every merchant's records, or one merchant's. */
export async function sandboxState(services: MainServices, merchantKey?: string): Promise<SandboxSnapshot> {
  const query = merchantKey ? `?merchant=${encodeURIComponent(merchantKey)}` : '';
  return (await sandboxControl(services, 'GET', `/sandbox/state${query}`)) as SandboxSnapshot;
}

/** POST /sandbox/faults (electron/sandbox/faults.ts): `fault` null removes the fault of that path. */
export async function setFault(services: MainServices, path: string, fault: Fault | null): Promise<void> {
  const body = fault === null ? { path, fault: null } : { path, fault: fault.kind, ms: fault.ms, once: fault.once, after: fault.after };
  await sandboxControl(services, 'POST', '/sandbox/faults', body);
}

export async function clearFaults(services: MainServices): Promise<void> {
  await sandboxControl(services, 'DELETE', '/sandbox/faults');
}
