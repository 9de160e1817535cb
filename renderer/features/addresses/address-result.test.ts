import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/index.ts';
import { qrPath } from '../../components/qr-path.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { AddressResult } from './AddressResult.tsx';
import type { TakenAddress } from './draft.ts';

// The address given, as React renders it: the address with Copy, the QR code of its URI (no amount),
// and a tag as prominent as the address, with the warning that a payment without it is lost.

const taken = (address: Partial<TakenAddress['address']>): TakenAddress => ({
  address: { id: 12, currency: 'BTC', convert_to: null, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', tag: null, foreign_id: 'addr-20250601-k3x9q2mz', ...address },
  request: {
    currency: address.currency ?? 'BTC',
    foreign_id: 'addr-20250601-k3x9q2mz',
    end_user_reference: 'cust-42',
    sender_type: 'natural',
    sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: undefined },
  },
  receivedAt: Date.UTC(2025, 5, 1, 12),
  journalId: 3,
  sandboxPage: null,
});

const render = (value: TakenAddress, language: Language = 'en') => staticMarkup(createElement(AddressResult, { taken: value, onNew: () => undefined }), undefined, language);
const pathOf = (html: string) => /data-testid="address-qr"[^>]*>.*?<path d="([^"]+)"/.exec(html)?.[1];

describe('a deposit address given', () => {
  it('shows the address with Copy, and its QR code holds bitcoin:<address> and no amount', () => {
    const html = render(taken({}));
    const text = readableText(html);
    expect(text).toContain('Address bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq Copy');
    expect(html).toContain('aria-label="Copy deposit address"');
    expect(pathOf(html)).toBe(qrPath('bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq').d);
    expect(text).toContain('with no amount');
    expect(html).not.toContain('deposit-tag');
    expect(html).not.toContain('<a ');
    expect(text).toContain('Converted on arrival to nothing: kept as it arrives');
  });

  it('shows an XRP tag as prominently as the address, with the warning, and puts it in the code', () => {
    const html = render(taken({ currency: 'XRP', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', tag: '123456789', convert_to: 'EUR' }));
    const text = readableText(html);
    expect(text).toContain('Tag / memo 123456789 Copy');
    expect(text).toContain('Every payment to this address must carry this tag. A payment without it is lost');
    expect(html).toContain('aria-label="Copy tag"');
    expect(html).toMatch(/class="address-big address-tag"/);
    expect(pathOf(html)).toBe(qrPath('ripple:rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=123456789').d);
    expect(text).toContain('Converted on arrival to EUR');
  });

  it('draws a token’s bare address, and says which coin to choose in the wallet', () => {
    const html = render(taken({ currency: 'USDTERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' }));
    expect(pathOf(html)).toBe(qrPath('0x52908400098527886E0F7030069857D2E4169EE7').d);
    expect(readableText(html)).toContain('The bare address, with no amount: in the wallet the customer chooses USDTERC20 and scans it.');
  });

  it('draws no code and no Copy for an address that does not look like its currency’s: shown as received, flagged, and why', () => {
    const crafted = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=1';
    const html = render(taken({ currency: 'XRP', address: crafted, tag: '4242' }));
    const text = readableText(html);
    expect(html).not.toContain('data-testid="address-qr"');
    expect(html).not.toContain('aria-label="Copy deposit address"');
    expect(html).not.toContain('<a ');
    expect(text).toContain(`Address ${crafted} (looks wrong)`);
    expect(text).toContain('This does not look like a XRP address, so no QR code is drawn for it. It is shown exactly as the service sent it');
    expect(html).toContain('role="alert"');
    // The tag is still shown, with its warning: the rest of the answer is as received.
    expect(text).toContain('Tag / memo 4242 Copy');
  });
});

describe('a deposit address given, in the window’s language', () => {
  it('warns in German that a payment without the tag is lost, and names the address in its heading', () => {
    const html = render(taken({ currency: 'XRP', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', tag: '123456789' }), 'de');
    const text = readableText(html);
    expect(text).toContain('XRP-Einzahlungsadresse für cust-42');
    expect(text).toContain('Tag / Memo 123456789');
    expect(text).toContain('Jede Zahlung an diese Adresse muss diesen Tag tragen. Eine Zahlung ohne ihn geht verloren');
    expect(html).toContain('aria-label="QR-Code der XRP-Einzahlungsadresse"');
    expect(text).toContain('Bei Eingang umgetauscht in nichts: bleibt, wie es eingeht');
  });

  it('says in French why an address that looks wrong gets no code', () => {
    const text = readableText(render(taken({ currency: 'BTC', address: 'bc1q?amount=5' }), 'fr'));
    expect(text).toContain('Ceci ne ressemble pas à une adresse BTC, aucun code QR n’est donc dessiné.');
    expect(text).toContain('bc1q?amount=5 (semble erronée)');
    expect(text).toContain('Nouvelle adresse de dépôt');
  });
});
