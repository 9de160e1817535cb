import type { Envelope } from '../../../shared/ipc/errors.ts';
import type { MainServices } from '../main-services.ts';

/**
 * One call through the real router, as the renderer's bridge makes it: `call` answers the envelope,
 * `value` the value or throws with the typed error. `services` is read at each call, so a test may
 * replace its services (a restart) between calls.
 */
export function routerCalls(services: () => MainServices) {
  const call = async <T>(channel: string, payload: unknown): Promise<Envelope<T>> =>
    (await services().router.handle(channel, payload, { via: 'test' })) as Envelope<T>;
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const answer = await call<T>(channel, payload);
    if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
    return answer.value;
  };
  return { call, value };
}
