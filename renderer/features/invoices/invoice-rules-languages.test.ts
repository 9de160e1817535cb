// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import { descriptionOf, renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { InvoiceForm } from './InvoiceForm.tsx';
import { filledInvoiceForm } from './testing/filled-form.ts';

// A rule of the shared request schema (shared/api/invoice.ts: a title is needed) shown next to its
// field in the window's language: the schema gives a rule's id (shared/i18n/rule-message.ts), the
// field's frame words it (components/FieldFrame.tsx).

const pairs: Pair[] = [
  { currency_from: { currency: 'BTC', type: 'crypto' }, currency_to: { currency: 'EUR', type: 'fiat' }, rate_from: '1', rate_to: '61234.5' },
];

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('an empty invoice title', () => {
  it.each([
    ['de', 'Titel', 'Geben Sie einen Titel ein'],
    ['fr', 'Titre', 'Saisissez un titre'],
    ['en', 'Title', 'Enter a title'],
  ] as const)('is refused in the window’s language (%s)', async (language, label, words) => {
    standInForMain(stillAnswering);
    renderScreen(createElement(InvoiceForm, { pairs, typing: false, initial: filledInvoiceForm(), focusTitle: false, locale: language }), undefined, language);
    const title = screen.getByLabelText(label);
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.blur(title);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(title)).toMatch(new RegExp(` ${words}$`));
  });
});
