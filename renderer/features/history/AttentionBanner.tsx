import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import { FormattedMessage, useIntl } from 'react-intl';
import type { JournalEntry, UnreadableEntry } from '../../../shared/ipc/journal.ts';
import { silentMinutes } from '../../../shared/submission/silent-pending.ts';
import { appErrorOf } from '../../bridge.ts';
import type { AppError } from '../../bridge.ts';
import { useHistorySearch } from './history-search.ts';
import { isJournalUnavailable } from './JournalUnavailable.tsx';
import { madeByWords } from './person-words.ts';
import { useSilenceClock } from './silence.ts';
import { unreadableSentence } from './UnreadableEntries.tsx';
import { useJournalAttention } from './use-journal.ts';
import { SPACE } from '../../components/locale.ts';
import { useJournalFreshness } from './use-journal-freshness.ts';
import './attention.css';

/** Names shown before "and N more": enough to recognise them, few enough to read at a glance. */
const NAMED = 3;

/** Between two names: a list's punctuation, the same in the shipped languages. */
const BETWEEN = ', ';

const mono = (chunks: ReactNode[]) => <span className="mono">{chunks}</span>;
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

const nameOf = (intl: IntlShape, entry: JournalEntry) => entry.foreignId ?? intl.formatMessage({ id: 'history.attention.entryName' }, { id: String(entry.id) });

/**
 * "(made by Ana Ruiz on FINANCE-01)": on a team journal, whom to ask. Only the computer when no
 * name was set yet; nothing when nothing was recorded.
 */
function madeByOf(intl: IntlShape, entry: JournalEntry): string {
  if (entry.madeBy !== null) return ` ${intl.formatMessage({ id: 'history.attention.madeBy' }, { person: madeByWords(intl, entry) })}`;
  return entry.madeOn === null ? '' : ` ${intl.formatMessage({ id: 'history.attention.madeOn' }, { computer: entry.madeOn })}`;
}

/** Up to NAMED unknown outcomes, joined as a sentence lists them, each with who made it, then "and N more". */
function NamedUnknown({ entries }: { entries: readonly JournalEntry[] }) {
  const intl = useIntl();
  const named = entries.slice(0, NAMED);
  const more = entries.length - named.length;
  return (
    <>
      {named.map((entry, index) => (
        <span key={entry.id}>
          {index > 0 && BETWEEN}
          <span className="mono">{nameOf(intl, entry)}</span>
          {madeByOf(intl, entry)}
        </span>
      ))}
      {more > 0 && (
        <>
          {SPACE}
          <FormattedMessage id="history.attention.andMore" values={{ count: more }} />
        </>
      )}
    </>
  );
}

/**
 * Across the top of every screen while any submission of the active profile has an unknown outcome
 * (a lost answer, a crash mid-submission): money may have moved, and nobody must forget to check.
 * It stays until a person records what happened, in History; each names who made it and where, as
 * on a team journal that may be someone else. So does a submission sent whose desktop
 * recorded no answer for too long (shared/submission/silent-pending.ts): that desktop may have
 * stopped for good, and then nobody else would ever see it. With a team journal it is read again
 * every 30 s (use-journal.ts), so another desktop's news arrives without a reload. When the team
 * journal cannot be reached, it says so instead: the unknown outcomes it holds cannot be listed,
 * and must not seem to be gone. Any other failure is said too: a banner that shows nothing would
 * say there is nothing to check. So are rows of the list that could not be read (set aside, named
 * by id): one of them may be an unknown outcome.
 */
export function AttentionBanner() {
  useJournalFreshness();
  const attention = useJournalAttention();
  // A silent submission's minutes go on counting between main's answers.
  const now = useSilenceClock();
  return (
    <AttentionNotice
      entries={attention.data?.entries ?? []}
      unreadable={attention.data?.unreadable ?? []}
      error={attention.isError ? appErrorOf(attention.error) : null}
      now={now}
    />
  );
}

type NoticeProps = { entries: readonly JournalEntry[]; unreadable?: readonly UnreadableEntry[]; error: AppError | null; now: number };

/** The banner for what main answered: the entries to check, or why they cannot be listed; `now` counts a silent submission's minutes. */
export function AttentionNotice({ entries, unreadable = [], error, now }: NoticeProps) {
  const intl = useIntl();
  if (error !== null) {
    return (
      <div className="attention-banner" role="status" data-testid="attention-banner">
        <p>
          <FormattedMessage
            id={isJournalUnavailable(error) ? 'history.attention.teamUnreachable' : 'history.attention.unreadableJournal'}
            values={{ message: error.message, strong }}
          />
        </p>
      </div>
    );
  }
  if (entries.length === 0 && unreadable.length === 0) return null;
  if (entries.length === 0) {
    return (
      <div className="attention-banner" role="status" data-testid="attention-banner">
        <UnreadableNotice unreadable={unreadable} />
      </div>
    );
  }
  const unknown = entries.filter((entry) => entry.state !== 'pending');
  // Main lists a pending entry only once it is silent: sent, and no answer recorded for too long.
  const silent = entries.filter((entry) => entry.state === 'pending');
  const checkInHistory = intl.formatMessage({ id: 'history.attention.check' });
  return (
    <div className="attention-banner" role="status" data-testid="attention-banner">
      <p>
        <strong>
          <FormattedMessage id="history.attention.count" values={{ count: entries.length }} />
        </strong>
        {unknown.length > 0 && (
          <>
            {SPACE}
            <FormattedMessage id="history.attention.unknown" values={{ names: <NamedUnknown entries={unknown} />, count: unknown.length }} />
          </>
        )}
        {silent.slice(0, NAMED).map((entry) => (
          <span key={entry.id}>
            {SPACE}
            <FormattedMessage
              id={entry.madeBy === null && entry.madeOn === null ? 'history.attention.silent' : 'history.attention.silentFrom'}
              values={{ minutes: silentMinutes(entry, now), name: nameOf(intl, entry), person: madeByWords(intl, entry), mono }}
            />
          </span>
        ))}
        {silent.length > NAMED && (
          <>
            {SPACE}
            <FormattedMessage id="history.attention.silentMore" values={{ count: silent.length - NAMED }} />
          </>
        )}
      </p>
      <UnreadableNotice unreadable={unreadable} />
      {unknown.length > 0 && <CheckLink state="unknown" label={checkInHistory} />}
      {silent.length > 0 && <CheckLink state="pending" label={unknown.length > 0 ? intl.formatMessage({ id: 'history.attention.checkSilent' }) : checkInHistory} />}
    </div>
  );
}

/** Rows of the list set aside: any of them may be an operation that needs a check. */
function UnreadableNotice({ unreadable }: { unreadable: readonly UnreadableEntry[] }) {
  const intl = useIntl();
  if (unreadable.length === 0) return null;
  return (
    <p data-testid="attention-unreadable">
      <FormattedMessage
        id="history.attention.unreadable"
        values={{ sentence: unreadableSentence(intl, unreadable), count: unreadable.length, strong }}
      />
    </p>
  );
}

/** History, showing the entries of one state: where each can be looked up and resolved. */
function CheckLink({ state, label }: { state: 'unknown' | 'pending'; label: string }) {
  return (
    <a
      href="#history"
      className="attention-link"
      onClick={(event) => {
        event.preventDefault();
        useHistorySearch.getState().showState(state);
      }}
    >
      {label}
    </a>
  );
}
