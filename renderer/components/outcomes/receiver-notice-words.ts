import type { OutcomeSource } from '../../../shared/ipc/index.ts';
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

/** Where the setting is, as the sidebar names it. */
export const RECEIVER_SETTING_PLACE = `Profiles screen (${shortcutOf(profilesAt).label}): Edit the profile, Receiver URL`;

const told: Record<Exclude<ToldByCallbacks, 'exchange' | 'withdrawal'>, string> = {
  invoice: 'whether this invoice was paid, and when',
  'deposit address': 'what arrives at this address',
};

export function receiverNoticeWords(source: OutcomeSource | null, what: ToldByCallbacks): ReceiverNoticeWords | null {
  if (source === null || source.kind === 'receiver') return null;
  // An exchange or a withdrawal is one transactions/info can find: without a receiver main asks the service itself
  // (outcomes/desktop/outcome-poller.ts), so nothing is missing, it only shows later.
  if (what === 'exchange' || what === 'withdrawal') {
    return {
      title: 'Checked with the service',
      lines: [
        `${source.kind === 'unreachable' ? `${source.url === '' ? 'The receiver' : `The receiver at ${source.url}`} could not be read (${source.problem}), so` : 'With no receiver for this profile,'} the console asks the service itself whether the ${what} settled, within the lookups' allowance: its status shows here, though later than a callback would tell it.`,
        `A receiver (docs/receiver.md) tells it at once: its address goes on the ${RECEIVER_SETTING_PLACE}.`,
      ],
    };
  }
  if (source.kind === 'no-receiver') {
    return {
      title: 'A receiver is needed to see what became of it',
      lines: [
        `The service tells ${told[what]} only by callbacks to a public https address, which this computer cannot be. Your callback receiver (npm run receiver, on a public host) takes them, and the console reads them from it.`,
        `Set it up as "The callback receiver" in the docs explains (docs/receiver.md), then enter its address on the ${RECEIVER_SETTING_PLACE}.`,
      ],
    };
  }
  return {
    title: 'The receiver could not be read',
    lines: [
      `${source.url === '' ? 'The receiver' : `The receiver at ${source.url}`}: ${source.problem}`,
      `Until it can be read, ${told[what]} is not known here: check the back office. The receiver's address is on the ${RECEIVER_SETTING_PLACE}.`,
    ],
  };
}
