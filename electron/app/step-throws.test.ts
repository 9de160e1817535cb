import { describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/ipc/errors.ts';
import { mayHaveHappened } from '../../shared/submission/outcome.ts';
import { createProcessingClient } from '../platform/api/client.ts';
import type { CallReceipt } from '../platform/api/service-call.ts';
import type { CreateClient } from '../platform/services/connection.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import {
  isHookStep,
  JOURNALED,
  OPERATIONS,
  retryAnswer,
  SANDBOX_PATH,
  STEPS,
  submit,
  useSandboxProfile,
} from './testing/steps.ts';
import type { Step } from './testing/steps.ts';
import { expectNoSecondSend, useStepWorld } from './testing/step-world.ts';

/**
 * No step between begin and finish may lead to a second send, when it throws: the same steps as step-kills.test.ts,
 * in one process, with an error thrown at each. At `on-the-wire` the client fails with a bug of its
 * own after the request reached the sandbox and before any answer: the case that
 * used to be journaled failed and let the exchange be sent again. After each, what the caller heard
 * agrees with the journal by the one rule, the app restarts on the same data folder and the same
 * real sandbox, and the same foreign id is tried again. Real keychain, SQLite file and loopback HTTP.
 */

const MERCHANT = { key: 'throw-key', secret: 'throw-secret' };
const world = useStepWorld('step-throws', MERCHANT, 13);
const { keychainService } = world;

const handleOf = (services: MainServices) => (channel: string, payload: unknown) => services.router.handle(channel, payload);

/**
 * The real client, except that a money-moving call fails with a plain bug once its request has
 * reached the sandbox (which holds the answer back): an internal error after sending, before any status.
 */
function bugAfterSending(arrived: () => boolean): CreateClient {
  const failLater = <T>(send: () => Promise<T>): Promise<T> => {
    send().catch(() => {}); // goes on; its answer comes too late for anyone
    return new Promise<T>((_resolve, reject) => {
      const check = () => (arrived() ? reject(new TypeError('a bug after the request left')) : setTimeout(check, 20));
      check();
    });
  };
  return (options) => {
    const real = createProcessingClient(options);
    return {
      ...real,
      createInvoice: (request, receipt?: CallReceipt) => failLater(() => real.createInvoice(request, receipt)),
      placeFixedExchange: (request, receipt?: CallReceipt) => failLater(() => real.placeFixedExchange(request, receipt)),
    };
  };
}

/** What the caller hears after an error thrown at `step` (the router's generic words once the journal is settled). */
const HEARD: Record<Step, Partial<AppError>> = {
  begun: { kind: 'internal', sent: false },
  'marked-sent': { kind: 'outcome_unknown' },
  'on-the-wire': { kind: 'outcome_unknown' },
  answered: { kind: 'outcome_unknown' },
  settled: { kind: 'internal' },
};

describe('an error thrown at every step between begin and finish never leads to a second send', () => {
  for (const operation of OPERATIONS) {
    for (const step of STEPS) {
      it(`${operation}: thrown at ${step}, restarted, retried with the same foreign id`, { timeout: 30_000 }, async () => {
        const dataDir = world.dataDir(`${operation}-${step}-`);
        const sb = world.sandbox();
        const foreignId = `throw-${operation}-${step}`;

        if (step === 'on-the-wire') sb.setFault(SANDBOX_PATH[operation], { kind: 'latency', ms: 60_000, after: true });
        const first = await createMainServices({
          dataDir,
          keychainService,
          log: () => {},
          askPerson: async () => true,
          ...(step === 'on-the-wire' ? { createClient: bugAfterSending(() => world.recordsAt(operation, foreignId) === 1) } : {}),
          submissionStep: (reached, at) => {
            if (at.foreignId === foreignId && isHookStep(step) && reached === step) throw new Error(`injected at ${step}`);
          },
        });
        let heard: AppError;
        try {
          await useSandboxProfile(handleOf(first), world.relay().baseUrl, MERCHANT);
          const answer = await submit(handleOf(first), operation, foreignId);
          expect(answer.ok).toBe(false);
          heard = (answer as { error: AppError }).error;
        } finally {
          sb.clearFaults();
          await first.close();
        }
        expect(heard).toMatchObject(HEARD[step]);
        expect(world.relay().sends(foreignId)).toBe(step === 'begun' || step === 'marked-sent' ? 0 : 1);

        const next = await createMainServices({ dataDir, keychainService, log: () => {}, askPerson: async () => true });
        try {
          const listed = await next.router.handle('profiles.list', {});
          const profileId = (listed as { value: { activeId: string } }).value.activeId;
          const operationName = operation === 'invoice' ? 'invoices.create' : 'exchange.place';
          expect(await next.journal.triesOf(profileId, operationName, foreignId)).toMatchObject([
            { state: JOURNALED[step], sentAt: step === 'begun' ? null : expect.any(String) },
          ]);
          // The screens decide with the same rule on what they heard: they agree with the journal.
          expect(mayHaveHappened({ sent: null, end: heard })).toBe(JOURNALED[step] !== 'failed');

          const retried = await submit(handleOf(next), operation, foreignId);
          const expected = retryAnswer(operation, step);
          if (expected === 'created') expect(retried, JSON.stringify(retried)).toMatchObject({ ok: true });
          if (expected === 'refused by the service') expect(retried).toMatchObject({ ok: false, error: { kind: 'validation' } });
          if (expected === 'refused by main') {
            expect(retried).toMatchObject({ ok: false, error: { message: expect.stringContaining(`${foreignId} was already sent`) } });
          }
        } finally {
          await next.close();
        }
        expectNoSecondSend(world, operation, step, foreignId);
      });
    }
  }
});
