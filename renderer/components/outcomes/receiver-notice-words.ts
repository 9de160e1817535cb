import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import type { Say } from '../../../shared/i18n/index.ts';
import { SCREENS, shortcutOf } from '../../navigation/screens.ts';

/**
 * What a screen says when only the service's callbacks can tell what became of something (an
 * invoice paid, a deposit arrived) and they cannot be read: no receiver is set for the profile, or
 * the one set could not be read. Null when the receiver was read (or is still being asked).
 */

/** What became of it is told only by callbacks: an invoice, a deposit address; an exchange or a withdrawal also by main's own lookups. */
export type ToldByCallbacks = 'invoice' | 'deposit address' | 'exchange' | 'withdrawal';

export type ReceiverNoticeWords = { title: string; lines: string[] };

/** What a journal entry's operation waits to hear about (an invoice for any other). */
export function toldByCallbacksOf(operation: string): ToldByCallbacks {
  if (operation === 'exchange.place') return 'exchange';
  if (operation === 'withdrawals.approve') return 'withdrawal';
  if (operation === 'addresses.take') return 'deposit address';
  return 'invoice';
}

const profilesAt = SCREENS.findIndex((screen) => screen.id === 'profiles');

/** Where the setting is, as the sidebar names it, in the language `words` speaks. */
export function receiverSettingPlace(words: Say): string {
  return words('components.receiverNotice.place', { screen: words('nav.profiles'), shortcut: shortcutOf(profilesAt).label });
}

/** The notices' ICU select key of each (a key has no space). */
const WHAT_KEY: Record<ToldByCallbacks, string> = { invoice: 'invoice', 'deposit address': 'depositAddress', exchange: 'exchange', withdrawal: 'withdrawal' };

/** The notice's words in the language `words` speaks (the component gives react-intl's). */
export function receiverNoticeWords(source: OutcomeSource | null, what: ToldByCallbacks, words: Say): ReceiverNoticeWords | null {
  if (source === null || source.kind === 'receiver') return null;
  const place = receiverSettingPlace(words);
  const values = { what: WHAT_KEY[what], place };
  const receiver = (url: string) => (url === '' ? words('components.receiverNotice.receiver') : words('components.receiverNotice.receiverAt', { url }));
  // An exchange or a withdrawal is one transactions/info can find: without a receiver main asks the service itself
  // (outcomes/desktop/outcome-poller.ts), so nothing is missing, it only shows later.
  if (what === 'exchange' || what === 'withdrawal') {
    return {
      title: words('components.receiverNotice.checkedTitle'),
      lines: [
        source.kind === 'unreachable'
          ? words('components.receiverNotice.checkedUnreachable', { ...values, receiver: receiver(source.url), problem: source.problem })
          : words('components.receiverNotice.checkedNoReceiver', values),
        words('components.receiverNotice.checkedAtOnce', values),
      ],
    };
  }
  if (source.kind === 'no-receiver') {
    return {
      title: words('components.receiverNotice.neededTitle'),
      lines: [words('components.receiverNotice.neededWhy', values), words('components.receiverNotice.neededSetUp', values)],
    };
  }
  return {
    title: words('components.receiverNotice.unreadableTitle'),
    lines: [
      words('components.receiverNotice.unreadableProblem', { receiver: receiver(source.url), problem: source.problem }),
      words('components.receiverNotice.unreadableUntil', values),
    ],
  };
}
