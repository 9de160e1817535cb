// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { say } from '../../../shared/i18n/index.ts';
import type { ShippedLanguage } from '../../../shared/i18n/index.ts';
import type { Channel } from '../../../shared/ipc/contract.ts';
import { useLocale } from '../../components/locale.ts';
import type { MainAnswer } from '../../testing/screen-with-bridge.ts';
import { descriptionOf, renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { blankWithdrawalForm } from './withdrawal-form-schema.ts';
import type { WithdrawalFormValues } from './withdrawal-form-schema.ts';
import { WithdrawalForm } from './WithdrawalForm.tsx';

// Component tests .ts, not .tsx: vitest.config.ts includes renderer/**/*.test.ts only.

const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
/** The same address with character 21 mistyped: its bech32 checksum names the place. */
const TYPO = `${ADDRESS.slice(0, 20)}q${ADDRESS.slice(21)}`;

const filled = (overrides: Partial<WithdrawalFormValues> = {}): WithdrawalFormValues => ({
  ...blankWithdrawalForm('BTC'),
  amount: '0.01',
  address: ADDRESS,
  sender_type: 'legal',
  sender_data: { ...blankWithdrawalForm().sender_data, legal_name: 'Example GmbH', country_of_registration: 'DEU' },
  receiver_type: 'self',
  ...overrides,
});

const draftAnswer = { value: { draft: { id: 7 } } };

function openForm(initial: WithdrawalFormValues, answers: Partial<Record<Channel, () => MainAnswer>> = {}, language: ShippedLanguage = 'en') {
  const main = standInForMain((channel) => answers[channel]?.() ?? stillAnswering());
  renderScreen(createElement(WithdrawalForm, { initial }), undefined, language);
  return { drafts: () => main.sentOn('withdrawals.draft') };
}

const form = () => screen.getByRole('form', { name: 'New withdrawal' });
const field = (label: string) => within(form()).getByLabelText(label);
const submit = () => within(form()).getByRole('button', { name: 'Draft withdrawal' });

const english = useLocale.getState().view;

afterEach(() => {
  useLocale.setState({ view: english });
  cleanup();
  delete window.merchantConsole;
});

describe('the withdrawal form', () => {
  it('labels every field a person fills in, and has no foreign id to type (main makes it)', () => {
    openForm(blankWithdrawalForm());
    for (const label of ['Currency', 'Amount', 'Address', 'End user reference (optional)']) expect(field(label), label).toBeTruthy();
    expect(within(form()).getByRole('radiogroup', { name: 'Sender' })).toBeTruthy();
    expect(within(form()).getByRole('radiogroup', { name: 'Receiver' })).toBeTruthy();
    expect(within(form()).getByRole('radio', { name: 'Self: our own wallet' })).toBeTruthy();
    expect(within(form()).queryByLabelText('Foreign id')).toBeNull();
  });

  it('names the position of a checksum error once the address is left, and drafts nothing', async () => {
    const { drafts } = openForm(filled({ address: '' }));
    const address = field('Address');
    fireEvent.change(address, { target: { value: TYPO } });
    // Not while typing: only when the field is left.
    expect(address.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(address);
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(address)).toContain('Character 21 ("q") looks wrong');
    fireEvent.click(submit());
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(drafts()).toEqual([]);
  });

  it('drafts a balance to pay from with its amount as exact text, and refuses more places than that currency takes', async () => {
    const { drafts } = openForm(filled({ convert_to: 'eur', amount_to: '250.105' }), { 'withdrawals.draft': () => draftAnswer });
    fireEvent.click(submit());
    const amountTo = field('Amount in that currency (optional)');
    await waitFor(() => expect(amountTo.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(amountTo)).toContain('EUR takes at most 2 decimal places');
    expect(drafts()).toEqual([]);
    fireEvent.change(amountTo, { target: { value: '250.10' } });
    fireEvent.click(submit());
    await waitFor(() => expect(drafts()).toHaveLength(1));
    expect(drafts()[0]).toMatchObject({ currency: 'BTC', amount: '0.01', convertTo: 'EUR', amountTo: '250.10' });
  });

  it('sends no balance to pay from when none is given', async () => {
    const { drafts } = openForm(filled(), { 'withdrawals.draft': () => draftAnswer });
    fireEvent.click(submit());
    await waitFor(() => expect(drafts()).toHaveLength(1));
    expect(drafts()[0]).not.toHaveProperty('convertTo');
    expect(drafts()[0]).not.toHaveProperty('amountTo');
  });

  it('checks a pasted address once the paste settles, without the field being left', async () => {
    openForm(filled({ address: '' }));
    const address = field('Address');
    fireEvent.change(address, { target: { value: TYPO } });
    fireEvent.paste(address);
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(address)).toContain('Character 21');
  });

  it('shows the checker’s notice for an address it cannot verify', async () => {
    openForm(filled({ currency: 'DOGE', address: '' }));
    const address = field('Address');
    fireEvent.change(address, { target: { value: 'DAbc123' } });
    fireEvent.blur(address);
    await waitFor(() => expect(screen.getByTestId('address-check').textContent).toContain('The console has no address rules for DOGE'));
  });

  it('asks for the tag, with its warning, only for a currency that takes one', async () => {
    openForm(filled());
    expect(within(form()).queryByLabelText('Destination tag')).toBeNull();
    fireEvent.change(field('Currency'), { target: { value: 'xrp' } });
    const tag = await within(form()).findByLabelText('Destination tag');
    expect(within(form()).getByRole('note').textContent).toMatch(/XRP sent without the tag .* is lost/);
    fireEvent.change(field('Address'), { target: { value: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH' } });
    fireEvent.click(submit());
    await waitFor(() => expect(tag.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(tag)).toMatch(/Enter the destination tag/);
  });

  it('refuses more decimal places than the currency takes', async () => {
    const { drafts } = openForm(filled({ amount: '0.123456789' }));
    fireEvent.click(submit());
    const amount = field('Amount');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(amount)).toContain('BTC takes at most 8 decimal places');
    expect(drafts()).toEqual([]);
  });

  it('asks for the receiver’s kind and, for a person, their data', async () => {
    const { drafts } = openForm(filled({ receiver_type: '' }));
    fireEvent.click(submit());
    await waitFor(() => expect(within(form()).getByText('Choose natural person, legal entity or self')).toBeTruthy());
    fireEvent.click(within(within(form()).getByRole('radiogroup', { name: 'Receiver' })).getByRole('radio', { name: 'Natural person' }));
    fireEvent.click(submit());
    const first = await within(form()).findByLabelText('Receiver first name');
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(drafts()).toEqual([]);
  });

  it('drafts exactly the form’s fields, with no foreign id, and says so', async () => {
    const { drafts } = openForm(filled({ currency: 'btc', end_user_reference: 'customer-1' }), { 'withdrawals.draft': () => draftAnswer });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByText('Withdrawal draft 7 made: it waits for approval below.')).toBeTruthy());
    expect(drafts()).toEqual([
      {
        currency: 'BTC',
        amount: '0.01',
        address: ADDRESS,
        endUserReference: 'customer-1',
        senderType: 'legal',
        senderData: { legal_name: 'Example GmbH', country_of_registration: 'DEU' },
        receiverType: 'self',
      },
    ]);
  });

  it('shows main’s refusal where the person acted', async () => {
    openForm(filled(), { 'withdrawals.draft': () => ({ error: { kind: 'invalid_request', message: 'Too many drafts in a minute.', fields: {} } }) });
    fireEvent.click(submit());
    await waitFor(() => expect(within(form()).getByRole('alert').textContent).toBe('Too many drafts in a minute.'));
  });

  it('shows the currency’s balance beside the amount, and warns when the amount is more', async () => {
    const balances = { value: { balances: [{ currency: 'BTC', type: 'crypto', balance: '0.005' }], unreadable: [], fetchedAt: '2026-11-27T04:00:00.000Z' } };
    openForm(filled(), { 'accounts.list': () => balances });
    const shown = await screen.findByTestId('withdrawal-balance');
    expect(shown.textContent).toContain('BTC balance:');
    expect(shown.textContent).toContain('0.00500000');
    expect(shown.textContent).toContain('more than the balance');
    fireEvent.change(field('Amount'), { target: { value: '0.001' } });
    await waitFor(() => expect(screen.getByTestId('withdrawal-balance').textContent).not.toContain('more than the balance'));
  });

  it('reads the amount in the window’s regional formats: German 1.234,56 is drafted as 1234.56, and 1.234 is refused as ambiguous', async () => {
    useLocale.setState({ view: { ...english, formatLocale: 'de-DE' } });
    const { drafts } = openForm(filled({ amount: '1.234' }), { 'withdrawals.draft': () => draftAnswer });
    const amount = field('Amount');
    fireEvent.click(submit());
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(amount)).toContain('“1.234” can be read two ways: write 1234 for the whole number, or 1,234 for the decimal');
    expect(drafts()).toEqual([]);
    fireEvent.change(amount, { target: { value: '1.234,56' } });
    await waitFor(() => expect(descriptionOf(amount)).toContain('You entered: 1.234,56'));
    fireEvent.click(submit());
    await waitFor(() => expect(drafts()).toHaveLength(1));
    expect(drafts()[0]).toMatchObject({ currency: 'BTC', amount: '1234.56' });
  });
});

describe('the address checks in the window’s language', () => {
  const addressIn = (language: ShippedLanguage) =>
    within(screen.getByRole('form', { name: say(language, 'withdrawals.form.name') })).getByLabelText(say(language, 'withdrawals.form.address'));

  it('words an EIP-55 checksum problem on the address field in German', async () => {
    openForm(filled({ currency: 'ETH', address: '' }), {}, 'de');
    const address = addressIn('de');
    fireEvent.change(address, { target: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd' } });
    fireEvent.blur(address);
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(address)).toContain('Zeichen 41 („E“) müsste nach der Prüfsumme der Adresse (EIP-55) kleingeschrieben sein');
    expect(descriptionOf(address)).not.toContain('should be in');
  });

  it('words a base58 problem on the address field, and the notice of an unchecked address, in French', async () => {
    openForm(filled({ address: '' }), {}, 'fr');
    const address = addressIn('fr');
    fireEvent.change(address, { target: { value: '1BvBMSEYstWetqTFnIAu4m4GFg7xJaNVN2' } });
    fireEvent.blur(address);
    await waitFor(() => expect(descriptionOf(address)).toContain('Le caractère 18 (« I ») n’apparaît jamais dans une adresse Bitcoin'));
    cleanup();
    openForm(filled({ currency: 'DOGE', address: '' }), {}, 'fr');
    fireEvent.change(addressIn('fr'), { target: { value: 'DAbc123' } });
    fireEvent.blur(addressIn('fr'));
    await waitFor(() => expect(screen.getByTestId('address-check').textContent).toContain('La console n’a pas de règles d’adresse pour DOGE'));
  });
});
