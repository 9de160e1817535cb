// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import type { MainAnswer } from '../../testing/screen-with-bridge.ts';
import { descriptionOf, renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { useInvoiceDraft } from './draft.ts';
import { InvoiceForm } from './InvoiceForm.tsx';
import type { InvoiceFormValues } from './invoice-form-schema.ts';
import { filledInvoiceForm } from './testing/filled-form.ts';

// Component tests .ts, not .tsx: vitest.config.ts includes renderer/**/*.test.ts only, so the
// elements are made with createElement.

const pairs: Pair[] = [
  { currency_from: { currency: 'BTC', type: 'crypto' }, currency_to: { currency: 'EUR', type: 'fiat' }, rate_from: '1', rate_to: '61234.5' },
  { currency_from: { currency: 'EUR', type: 'fiat' }, currency_to: { currency: 'BTC', type: 'crypto' }, rate_from: '61234.5', rate_to: '1' },
];

/** The form, filled in with `initial`, main answering invoices.create with `answer`. */
function openForm(initial: InvoiceFormValues, answer: () => MainAnswer = stillAnswering, locale = 'en-US') {
  const main = standInForMain((channel) => (channel === 'invoices.create' ? answer() : stillAnswering()));
  renderScreen(createElement(InvoiceForm, { pairs, typing: false, initial, focusTitle: false, locale }));
  return { creations: () => main.sentOn('invoices.create') as { foreign_id: string; title: string; amount: string }[] };
}

const form = () => screen.getByRole('form', { name: 'New invoice' });
const field = (label: string) => within(form()).getByLabelText(label);
const create = () => within(form()).getByRole('button', { name: 'Create invoice' });

beforeEach(() => {
  useInvoiceDraft.setState(useInvoiceDraft.getInitialState());
});

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('the invoice form', () => {
  it('labels every field a person fills in', () => {
    openForm(filledInvoiceForm());
    for (const label of ['Title', 'Description (optional)', 'Amount', 'Currency', 'Payment currency (optional)', 'Customer e-mail', 'End user reference', 'Foreign id', 'Success URL', 'Failure URL']) {
      expect(field(label), label).toBeTruthy();
    }
    expect(within(form()).getByRole('radiogroup', { name: 'Sender' })).toBeTruthy();
    expect(within(form()).getByRole('radio', { name: 'Natural person' })).toBeTruthy();
    expect(within(form()).getByRole('radio', { name: 'Legal entity' })).toBeTruthy();
    expect(create().hasAttribute('disabled')).toBe(false);
  });

  it('says next to the amount what is wrong with it once the field is left, and sends nothing', async () => {
    const { creations } = openForm(filledInvoiceForm());
    const amount = field('Amount');
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(amount)).toMatch(/2 decimal places/);
    fireEvent.click(create());
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(creations()).toEqual([]);
  });

  it('reads "1.234,56" typed in German, says it back in digits and words, and sends 1234.56', async () => {
    const { creations } = openForm(filledInvoiceForm({ amount: '' }), stillAnswering, 'de-DE');
    const amount = field('Amount');
    fireEvent.change(amount, { target: { value: '1.234,56' } });
    await waitFor(() => expect(descriptionOf(amount)).toContain('You entered: 1.234,56 — eintausendzweihundertvierunddreißig komma fünf sechs'));
    fireEvent.click(create());
    await waitFor(() => expect(creations()).toHaveLength(1));
    expect(creations()[0]?.amount).toBe('1234.56');
  });

  it('refuses "1.234" typed in German as ambiguous, says no value back, and sends nothing', async () => {
    const { creations } = openForm(filledInvoiceForm({ amount: '' }), stillAnswering, 'de-DE');
    const amount = field('Amount');
    fireEvent.change(amount, { target: { value: '1.234' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(amount)).toMatch(/write 1234 for the whole number, or 1,234 for the decimal/);
    expect(descriptionOf(amount)).not.toContain('You entered');
    fireEvent.click(create());
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(creations()).toEqual([]);
  });

  it('says next to a missing sender field that it is needed, and sends nothing', async () => {
    const { creations } = openForm(filledInvoiceForm({ sender_type: 'natural', sender_data: { ...filledInvoiceForm().sender_data, first_name: 'Ada' } }));
    fireEvent.click(create());
    const lastName = field('Last name');
    await waitFor(() => expect(lastName.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(lastName).trim()).not.toBe('');
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();
    expect(creations()).toEqual([]);
  });

  it('one click sends one invoices.create, even when clicked twice', async () => {
    const { creations } = openForm(filledInvoiceForm());
    const foreignId = (field('Foreign id') as HTMLInputElement).value;
    const button = create();
    // Both clicks land before React draws the button disabled, as a quick double click can.
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(creations()).toHaveLength(1));
    await waitFor(() => expect(within(form()).getByRole('button', { name: 'Creating…' }).hasAttribute('disabled')).toBe(true));
    fireEvent.click(within(form()).getByRole('button', { name: 'Creating…' }));
    expect(creations()).toHaveLength(1);
    expect(creations()[0]).toMatchObject({ foreign_id: foreignId, title: 'Order 1001', amount: '100.50' });
  });

  it('shows main’s duplicate decision on the foreign id field, in the duplicate’s own words', async () => {
    const sentBefore = (foreignId: string): AppError => ({
      kind: 'already_sent',
      message: `The invoice with foreign id ${foreignId} was already sent once, so it is not sent again.`,
      foreignId,
      decision: 'duplicate',
    });
    const initial = filledInvoiceForm();
    openForm(initial, () => ({ error: sentBefore(initial.foreign_id) }));
    fireEvent.click(create());
    const foreignIdField = field('Foreign id');
    await waitFor(() => expect(foreignIdField.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(foreignIdField)).toContain(`The invoice with foreign id ${initial.foreign_id} was already sent once`);
    expect(within(form()).getByText(/^This foreign id was used before, so no second invoice was made with it\./)).toBeTruthy();
    expect(within(form()).getByText(/For a different invoice, press New id\.$/)).toBeTruthy();
    expect(within(form()).queryByRole('heading', { name: 'Outcome unknown' })).toBeNull();
  });

  it('refuses an e-mail address in the foreign id or the end user reference, and sends nothing', async () => {
    const { creations } = openForm(filledInvoiceForm({ foreign_id: 'ada@example.com', end_user_reference: 'Ada Lovelace 1985-12-10' }));
    fireEvent.click(create());
    const foreignId = field('Foreign id');
    await waitFor(() => expect(foreignId.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(foreignId)).toMatch(/The foreign id cannot hold an e-mail address/);
    expect(descriptionOf(field('End user reference'))).toMatch(/The end user reference cannot hold a name with a birth date/);
    expect(creations()).toEqual([]);
  });

  it('asks "did you mean" for a common mail domain mistyped, and takes the suggestion on a click', async () => {
    const { creations } = openForm(filledInvoiceForm({ email_user: 'ada@gmial.com' }));
    const email = field('Customer e-mail') as HTMLInputElement;
    expect(descriptionOf(email)).toMatch(/Did you mean ada@gmail\.com\?/);
    fireEvent.click(within(form()).getByRole('button', { name: 'Use ada@gmail.com' }));
    await waitFor(() => expect(email.value).toBe('ada@gmail.com'));
    expect(descriptionOf(email)).not.toMatch(/Did you mean/);
    fireEvent.click(create());
    await waitFor(() => expect(creations()).toHaveLength(1));
    expect(creations()[0]).toMatchObject({ email_user: 'ada@gmail.com' });
  });

  it('shows a refusal that speaks of the sender currency in the form’s words: the payment currency', async () => {
    const refusal: AppError = {
      kind: 'validation',
      message: 'The given data was invalid.',
      fields: { sender_type: 'The sender type field is required when timer is true and sender currency is present.' },
    };
    openForm(filledInvoiceForm(), () => ({ error: refusal }));
    fireEvent.click(create());
    await waitFor(() => expect(within(form()).getByText(/required when timer is true/)).toBeTruthy());
    expect(within(form()).getByText(/required when timer is true/).textContent).toBe(
      'The sender type field is required when timer is true and payment currency is present.',
    );
  });

  it('has no placeholder that looks like a value, the list of currencies in use or typed', () => {
    for (const typing of [false, true]) {
      standInForMain(stillAnswering);
      renderScreen(createElement(InvoiceForm, { pairs, typing, initial: filledInvoiceForm({ sender_type: 'natural' }), focusTitle: false, locale: 'en-US' }));
      const placeholders = [...form().querySelectorAll('[placeholder]')].map((element) => element.getAttribute('placeholder'));
      // Only a format to follow, never an example a person could take for something entered.
      expect(placeholders.filter((text) => text !== 'YYYY-MM-DD'), `typing: ${typing}`).toEqual([]);
      cleanup();
    }
  });

  it('asks to type a currency code, not to choose one, when the currency is a text field', async () => {
    standInForMain(stillAnswering);
    renderScreen(createElement(InvoiceForm, { pairs, typing: true, initial: filledInvoiceForm({ currency: '' }), focusTitle: false, locale: 'en-US' }));
    fireEvent.click(create());
    const currency = field('Currency');
    await waitFor(() => expect(currency.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(currency)).toMatch(/Type a currency code, such as EUR or BTC/);
    expect(descriptionOf(currency)).not.toMatch(/Choose/);
  });
});
