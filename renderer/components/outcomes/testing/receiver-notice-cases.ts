import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import type { OutcomeSource } from '../../../../shared/ipc/index.ts';
import { readableText, staticMarkup } from '../../../testing/static-markup.ts';
import { outcomeSourceKey } from '../use-outcome-source.ts';

/**
 * The receiver notice's cases for a screen that shows it (ReceiverNotice.tsx): `screen` is the
 * screen's element, rendered with main's answer about the active profile's receiver already asked;
 * `waitsFor` is what the notice says the screen waits to hear ("whether this invoice was paid");
 * `queryKey` is where the screen keeps main's answer (useOutcomeSource's, unless it asks for its own entries).
 */
export function receiverNoticeCases(screen: () => ReactElement, waitsFor: string, queryKey: readonly unknown[] = outcomeSourceKey(null)): void {
  const render = (source: OutcomeSource | undefined) =>
    staticMarkup(screen(), (client) => {
      if (source) client.setQueryData(queryKey, { source, outcomes: [] });
    });

  it('says a receiver is needed, what for, and where to set it, when the profile has none', () => {
    const text = readableText(render({ kind: 'no-receiver' }));
    expect(text).toContain('A receiver is needed to see what became of it');
    expect(text).toContain(waitsFor);
    expect(text).toContain('docs/receiver.md');
    expect(text).toContain('Receiver URL');
  });

  it('says plainly that the receiver could not be read, and why', () => {
    const text = readableText(render({ kind: 'unreachable', url: 'https://callbacks.example.com', problem: 'It answered 403.' }));
    expect(text).toContain('The receiver could not be read');
    expect(text).toContain('It answered 403.');
  });

  it('says nothing of it when the receiver was read, or before it is asked', () => {
    expect(render({ kind: 'receiver', url: 'https://callbacks.example.com' })).not.toContain('receiver-notice');
    expect(render(undefined)).not.toContain('receiver-notice');
  });
}
