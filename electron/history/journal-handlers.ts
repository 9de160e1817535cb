import { writeFile } from 'node:fs/promises';
import { AppFailure } from '../../shared/ipc/errors.ts';
import type { JournalQuery } from '../../shared/ipc/journal.ts';
import { needsPersonCheck } from '../../shared/submission/silent-pending.ts';
import { isCutAnswer, journalToCsv, MACHINE_CSV, notResolvable, spreadsheetCsv } from '../platform/journal/index.ts';
import { readRecordedLookup, renderDisputeReport } from './reports/dispute-pdf.ts';
import type { Handlers } from '../platform/router/index.ts';
import { confirmIfLive, isoAt } from '../platform/services/index.ts';
import { spreadsheetHeaders } from './csv-headers.ts';
import { disputeMatchOf } from './dispute-record.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

/** The history screen's channels: the active profile's own entries only, never another's. */
export function journalHandlers(
  deps: ServiceDeps,
): Pick<Handlers, 'journal.search' | 'journal.get' | 'journal.people' | 'journal.attention' | 'journal.resolve' | 'journal.exportCsv' | 'reports.disputePdf'> {
  const activeProfile = () => {
    const profile = deps.book.active();
    if (!profile) throw new AppFailure({ kind: 'configuration', message: deps.locale.say('main.history.noProfile') });
    return profile;
  };
  /** The active profile and the journal it records into (its own SQLite journal or its team journal), read once per call: a switch mid-call changes neither. */
  const active = async () => {
    const profile = activeProfile();
    return { profile, journal: await deps.journalFor(profile.id) };
  };
  const entryIn = async ({ profile, journal }: Awaited<ReturnType<typeof active>>, id: number) => {
    const entry = await journal.get(id);
    if (!entry || entry.profileId !== profile.id) throw new AppFailure({ kind: 'not_found', message: deps.locale.say('main.history.noEntry', { id: String(id) }) });
    return entry;
  };
  const searchActive = async (query: JournalQuery) => {
    const { profile, journal } = await active();
    return journal.search(profile.id, query);
  };
  return {
    'journal.search': searchActive,
    'journal.get': async ({ id }) => ({ entry: await entryIn(await active(), id) }),
    'journal.people': async () => {
      const { profile, journal } = await active();
      return { people: await journal.people(profile.id) };
    },
    // Unknown outcomes, and submissions sent whose desktop recorded no answer for too long (it may have stopped).
    'journal.attention': async () => {
      const { profile, journal } = await active();
      return journal.attention(profile.id);
    },
    'journal.resolve': async ({ id, state, note }) => {
      const at = await active();
      const entry = await entryIn(at, id);
      // Before asking the person: the journal's own test, in its UPDATE, is the one that counts.
      if (!needsPersonCheck(entry, deps.now())) throw notResolvable(entry);
      await confirmIfLive(deps.askPerson, at.profile.kind, {
        title: deps.locale.say('main.history.resolve.title'),
        message: deps.locale.say('main.history.resolve.message', { operation: entry.operation, name: entry.foreignId ?? `#${entry.id}`, state }),
        detail: [
          deps.locale.say('main.history.resolve.detail', { profile: entry.profileName }),
          ...(note ? [deps.locale.say('main.history.resolve.note', { note })] : []),
        ],
        confirmLabel: deps.locale.say('main.history.resolve.confirm', { state }),
      });
      return { entry: await at.journal.resolve(id, state, note) };
    },
    'journal.exportCsv': async ({ form, ...query }) => {
      const { entries, unreadable } = await searchActive({ ...query, limit: query.limit ?? 1000 });
      const path = await deps.chooseSavePath({ defaultName: `merchant-console-history-${isoAt(deps.now).slice(0, 10)}.csv`, kind: 'csv' });
      if (path === null) return { path: null, rows: 0, unreadable: [] };
      // The window's regional formats (the system's, or the person's choice) and this computer's time zone.
      const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
      await writeFile(path, journalToCsv(entries, form === 'spreadsheet' ? spreadsheetCsv(deps.locale.current().formatLocale, timeZone, spreadsheetHeaders(deps.locale.say)) : MACHINE_CSV), 'utf8');
      // The rows that could not be read are not in the file: the screen names them.
      return { path, rows: entries.length, unreadable };
    },
    'reports.disputePdf': async ({ id }) => {
      const at = await active();
      const entry = await entryIn(at, id);
      if (entry.operation !== 'transactions.lookup' || entry.state !== 'succeeded' || entry.response === null) {
        throw new AppFailure({ kind: 'invalid_request', message: deps.locale.say('main.history.dispute.needsLookup'), fields: {} });
      }
      // Cut by the app when it arrived, or by the journal's read (a team journal's row may hold more than any answer the app keeps).
      if (isCutAnswer(entry.response) || entry.detail === 'cut') {
        const message = deps.locale.say('main.history.dispute.cut');
        throw new AppFailure({ kind: 'invalid_request', message, fields: {} });
      }
      // Read as the lookup was (a fee or entry that could not be read is set aside, and printed so), in the report's worker, not on main.
      const read = await readRecordedLookup(entry.response);
      if (read === null) throw new AppFailure({ kind: 'internal', message: deps.locale.say('main.history.dispute.unreadable') });
      const { transaction, unreadable } = read;
      const path = await deps.chooseSavePath({ defaultName: `transaction-${transaction.id}-dispute-report.pdf`, kind: 'pdf' });
      if (path === null) return { path: null };
      // Whether this desktop wrote each entry the report cites, as main knows it (by desktop id): the
      // report tells this desktop's own record from the team's, and never guesses which is which.
      const madeHere = (entryId: number) => deps.madeHere(at.profile.id, entryId);
      // In a worker thread, within bounds (reports/dispute-pdf.ts): main stays responsive. In the
      // window's language and regional formats, its times in this computer's zone beside UTC.
      const { language, formatLocale } = deps.locale.current();
      const bytes = await renderDisputeReport({
        locale: { language, formatLocale, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        transaction,
        unreadable,
        lookedUpAt: entry.createdAt,
        lookedUpBy: { madeBy: entry.madeBy, madeOn: entry.madeOn, madeLogin: entry.madeLogin, madeHere: await madeHere(entry.id) },
        profileName: entry.profileName,
        // Typed on the profile (the service names no merchant); entryIn made sure the lookup was made on this one.
        merchantName: at.profile.merchantName,
        origin: entry.origin,
        raw: entry.response,
        // The hash the customer gave and the journal's invoice of the same payment, side by side in the report.
        dispute: await disputeMatchOf(at.journal, entry, transaction, madeHere, deps.outcomes),
      });
      await writeFile(path, bytes);
      return { path };
    },
  };
}
