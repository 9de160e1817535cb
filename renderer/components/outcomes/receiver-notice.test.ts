import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { ReceiverNotice } from './ReceiverNotice.tsx';
import { sayerFor } from '../../../shared/i18n/index.ts';
import { receiverNoticeWords, receiverSettingPlace, toldByCallbacksOf } from './receiver-notice-words.ts';

// Where only the service's callbacks can tell what became of something, a screen says plainly when
// they cannot be read, and where the receiver is set up: one component for every screen.

const english = sayerFor('en');

const render = (source: Parameters<typeof ReceiverNotice>[0]['source'], what: Parameters<typeof ReceiverNotice>[0]['what'] = 'invoice') =>
  staticMarkup(createElement(ReceiverNotice, { source, what }));

describe('the receiver notice', () => {
  it('with no receiver: says one is needed, why, where the set-up text is, and where the setting is', () => {
    const text = readableText(render({ kind: 'no-receiver' }));
    expect(text).toContain('A receiver is needed to see what became of it');
    expect(text).toContain('whether this invoice was paid');
    expect(text).toContain('only by callbacks');
    expect(text).toContain('"The callback receiver" in the docs explains (docs/receiver.md)');
    expect(text).toContain('Profiles screen (Alt+6): Edit the profile, Receiver URL');
    expect(receiverSettingPlace(english)).toContain('Alt+6');
    expect(receiverSettingPlace(sayerFor('de'))).toMatch(/^(?!.*Profiles screen).*Alt\+6/);
  });

  it('with a receiver that could not be read: says so plainly, with its address and the reason', () => {
    const html = render({ kind: 'unreachable', url: 'https://callbacks.example.com', problem: 'The receiver at https://callbacks.example.com answered 403.' }, 'deposit address');
    expect(html).toContain('data-source="unreachable"');
    const text = readableText(html);
    expect(text).toContain('The receiver could not be read');
    expect(text).toContain('The receiver at https://callbacks.example.com: The receiver at https://callbacks.example.com answered 403.');
    expect(text).toContain('what arrives at this address is not known here');
  });

  it('for an exchange, says the console checks with the service itself rather than that a receiver is needed', () => {
    const none = receiverNoticeWords({ kind: 'no-receiver' }, 'exchange', english);
    expect(none?.title).toBe('Checked with the service');
    expect(none?.lines[0]).toContain('the console asks the service itself whether the exchange settled');
    expect(none?.lines.join(' ')).not.toContain('is needed');
    const unread = receiverNoticeWords({ kind: 'unreachable', url: 'https://r.example', problem: 'timed out' }, 'exchange', english);
    expect(unread?.lines[0]).toContain('The receiver at https://r.example could not be read (timed out), so the console asks the service itself');
  });

  it('says nothing once the receiver was read, or while it is asked', () => {
    expect(render({ kind: 'receiver', url: 'https://callbacks.example.com' })).toBe('');
    expect(render(null)).toBe('');
    expect(receiverNoticeWords({ kind: 'receiver', url: 'x' }, 'exchange', english)).toBeNull();
  });

  it('names what each kind of entry is waiting to hear', () => {
    expect([toldByCallbacksOf('invoices.create'), toldByCallbacksOf('exchange.place'), toldByCallbacksOf('addresses.take'), toldByCallbacksOf('withdrawals.approve')]).toEqual([
      'invoice',
      'exchange',
      'deposit address',
      'withdrawal',
    ]);
    expect(receiverNoticeWords({ kind: 'no-receiver' }, 'withdrawal', english)?.lines[0]).toContain('the console asks the service itself whether the withdrawal settled');
    expect(receiverNoticeWords({ kind: 'no-receiver' }, 'deposit address', english)?.lines[0]).toContain('what arrives at this address');
  });
});
