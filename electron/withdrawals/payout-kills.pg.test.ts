import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { PayoutBatch } from '../../shared/ipc/capabilities/withdrawals.ts';
import { createMainServices } from '../app/main-services.ts';
import { routerCalls } from '../app/testing/router-calls.ts';
import { openTeamJournal } from '../platform/journal/postgres/team-journal.ts';
import { createRowUser } from '../platform/journal/testing/row-user.ts';
import type { RowUser } from '../platform/journal/testing/row-user.ts';
import { createTeamDatabase } from '../platform/journal/testing/team-database.ts';
import type { TeamDatabase } from '../platform/journal/testing/team-database.ts';
import { openDesktop, teamJournalFields } from '../platform/team-journal/testing/team-desktops.ts';
import type { Desktop } from '../platform/team-journal/testing/team-desktops.ts';
import { killBench } from './testing/kill-bench.ts';
import { killMidBatchAndResume } from './testing/payout-kill-outside.ts';
import { PAYOUT_FILE, PAYOUT_PARTIES } from './testing/payout-file.ts';

/**
 * Payouts in bulk on a team journal, killed from outside in the middle of sending: Ana drafts a
 * batch of 5 on her desktop; Ben's desktop, through his own database login, approves and sends it
 * in a child process over HTTP, SIGKILLed with row 3 on the wire, and resumes in a new process:
 * every row paid exactly once (testing/payout-kill-outside.ts; payout-kills-outside.test.ts does
 * the same on a desktop's own journal).
 */

const MERCHANT = { key: `pay-team-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };
const bench = killBench('payout-kills-pg', MERCHANT, 47);
let team: TeamDatabase;
let owner: pg.Pool;
const logins: RowUser[] = [];
let ana: Desktop;

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(shared.unavailable);
  team = await createTeamDatabase(shared.address, 'payout-kills');
  owner = team.pool();
  await openTeamJournal(owner, { author: () => ({ name: 'Owner', computer: 'SETUP', desktopId: 'owner' }) });
  for (let i = 0; i < 2; i++) {
    const login = await createRowUser(shared.address, team);
    await login.grantRows();
    logins.push(login);
  }
  ana = await openDesktop({ person: 'Ana Ruiz', baseUrl: bench.relay.baseUrl, merchant: MERCHANT, team, login: logins[0] as RowUser });
});
afterAll(async () => {
  await ana?.close();
  for (const login of logins) await login.drop();
  await owner?.end();
  await team?.drop();
});

describe('a payout batch on a team journal', () => {
  it("killed from outside while row 3 is on the wire, resumed in a new process: every row paid once", { timeout: 120_000 }, async () => {
    const { batch } = await ana.value<{ batch: PayoutBatch }>('withdrawals.importBatch', { csv: PAYOUT_FILE(5), ...PAYOUT_PARTIES });
    // Ben's desktop: its profile on the same merchant account and team journal, through his own login, kept in the keychain.
    const dataDir = mkdtempSync(join(bench.root, 'ben-'));
    const services = await createMainServices({ dataDir, keychainService: bench.keychainService, log: () => {}, askPerson: async () => true });
    try {
      const { value } = routerCalls(() => services);
      await value('identity.set', { displayName: 'Ben Okafor' });
      const saved = await value<{ id: string }>('profiles.save', {
        name: 'Ben’s shop',
        baseUrl: bench.relay.baseUrl,
        apiKey: MERCHANT.key,
        secret: MERCHANT.secret,
        ...teamJournalFields(team, logins[1]),
      });
      await value('profiles.select', { id: saved.id });
    } finally {
      await services.close();
    }
    await killMidBatchAndResume(bench, MERCHANT.key, { dataDir, keychainService: bench.keychainService }, batch.batchId, batch.rows.map((r) => r.foreignId));
  });
});
