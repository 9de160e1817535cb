import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { describeUnreadable } from '../../../shared/api/wire.ts';
import type { UnreadableElement } from '../../../shared/api/wire.ts';
import type { Transaction, TransactionEntry, UnreadableParts } from '../../../shared/api/transaction.ts';
import { ENTRY_LABELS, feeLabel, statusWords, typeLabel } from '../../../shared/api/transaction-words.ts';
import { disputeLines, madeByLine } from './dispute-match.ts';
import type { DisputeMatch, Maker } from './dispute-match.ts';

/**
 * A dispute report: everything a transaction lookup showed, when it ran and under which profile,
 * as a PDF that finance staff can attach to a dispute. Built in a worker thread (pdf-worker.ts,
 * dispute-pdf.ts), never on the main thread, and within bounds (REPORT_LIMITS): the answer came
 * from elsewhere, and a padded one must not turn into thousands of pages.
 */

/** What one report prints at most. A real transaction needs a page or two. */
export const REPORT_LIMITS = {
  /** Of the answer as received (the journal keeps up to 64 KiB of it). */
  rawChars: 16 * 1024,
  /** Of any one value (an error, a detail). */
  fieldChars: 1000,
  entries: 200,
  details: 100,
  pages: 40,
};

export type DisputeReportInput = {
  transaction: Transaction;
  lookedUpAt: string;
  /**
   * Who ran the lookup, on which computer, and whether this desktop did (on a team
   * journal, anyone on the team may have); main tells the last, from the entry's desktop id.
   */
  lookedUpBy?: Maker;
  profileName: string;
  /**
   * The merchant (business) the report is for, as typed on the profile the lookup was made on
   * (the service has no endpoint that names it); absent or null: none set, and the report says so.
   */
  merchantName?: string | null;
  /** The origin that answered the lookup (journal); absent or null when it was not recorded. */
  origin?: string | null;
  /** The service's response as received, printed at the end so nothing is lost. */
  raw: string;
  /** Fees and entries of the answer that could not be read: each is printed as set aside, so nothing is lost. */
  unreadable?: UnreadableParts;
  /**
   * The hash the customer gave and the journal's own record of the payment
   * (dispute-match.ts); without it the report has no dispute section.
   */
  dispute?: DisputeMatch;
  generatedAt?: Date;
};

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const SIZE = { title: 16, heading: 12, body: 9.5 };

/** Standard PDF fonts speak WinAnsi only; anything else is shown as "?" rather than failing. */
function printable(font: PDFFont, text: string): string {
  return Array.from(text.replace(/\r?\n|\t/g, ' '))
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');
}

class Writer {
  page: PDFPage;
  y: number;
  /** Set once the page limit is reached: nothing more is written. */
  full = false;
  private pages = 1;
  private readonly doc: PDFDocument;
  private readonly font: PDFFont;
  private readonly bold: PDFFont;
  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  line(text: string, options: { size?: number; bold?: boolean; indent?: number } = {}): void {
    const size = options.size ?? SIZE.body;
    const font = options.bold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    for (const chunk of wrap(font, printable(font, text), size, width)) {
      if (this.full) return;
      if (this.y < PAGE.margin + size) this.newPage();
      if (this.full) return;
      this.page.drawText(chunk, { x: PAGE.margin + indent, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= size * 1.45;
    }
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.pages += 1;
    if (this.pages < REPORT_LIMITS.pages) return;
    // The last page says why the report ends here, and nothing follows it.
    this.page.drawText(`The report stops at ${REPORT_LIMITS.pages} pages. The journal keeps the answer as received.`, {
      x: PAGE.margin,
      y: this.y - SIZE.body,
      size: SIZE.body,
      font: this.bold,
    });
    this.full = true;
  }

  gap(): void {
    this.y -= SIZE.body;
  }
}

/**
 * Breaks text into lines that fit, splitting long tokens such as hashes and addresses too. Widths
 * are summed character by character (one measurement per character, not per line so far), which
 * leaves out kerning: kerning only narrows, so a line never comes out too wide.
 */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const widths = new Map<string, number>();
  const widthOf = (char: string): number => {
    let known = widths.get(char);
    if (known === undefined) widths.set(char, (known = font.widthOfTextAtSize(char, size)));
    return known;
  };
  const measure = (part: string): number => Array.from(part).reduce((sum, char) => sum + widthOf(char), 0);
  const lines: string[] = [];
  let current = '';
  let currentWidth = 0;
  for (const char of text) {
    const charWidth = widthOf(char);
    if (currentWidth + charWidth > width && current !== '') {
      const space = current.lastIndexOf(' ');
      if (space > 0 && char !== ' ') {
        lines.push(current.slice(0, space));
        current = current.slice(space + 1) + char;
        currentWidth = measure(current);
      } else {
        lines.push(current);
        current = char === ' ' ? '' : char;
        currentWidth = char === ' ' ? 0 : charWidth;
      }
    } else {
      current += char;
      currentWidth += charWidth;
    }
  }
  lines.push(current);
  return lines;
}

/** At most `limit` characters of a value that came from elsewhere, saying how much was left out. */
function bounded(text: string, limit: number = REPORT_LIMITS.fieldChars): string {
  return text.length <= limit ? text : `${text.slice(0, limit)} ... (${text.length - limit} more characters not printed)`;
}

const show = (value: unknown): string => (value === null || value === undefined || value === '' ? '-' : bounded(String(value)));

/**
 * A code of the service in the words the screens use, with the code beside it for the back office;
 * one the console does not know is printed as received and flagged, never dropped or guessed at.
 */
function inWords(code: string, label: string | null, what: string): string {
  const received = bounded(code, 100);
  return label === null ? `${received} (not a ${what} this console knows: shown as received)` : `${label} (${received})`;
}

function statusLine(status: Transaction['status']): string {
  const words = statusWords(status);
  return words === null
    ? `Status: ${inWords(status, null, 'status')}. Whether it is final cannot be told: check it in the back office.`
    : `Status: ${inWords(status, words.label, 'status')}. ${words.meaning}`;
}

const typeInWords = (code: string | null | undefined): string => (typeof code === 'string' && code !== '' ? inWords(code, typeLabel(code), 'type') : '-');

function entryKindInWords(kind: string): string {
  return inWords(kind, Object.hasOwn(ENTRY_LABELS, kind) ? ENTRY_LABELS[kind as keyof typeof ENTRY_LABELS] : null, 'kind of entry');
}

function entryLines(entry: TransactionEntry): string[] {
  const base = `#${entry.id} ${entryKindInWords(entry.transaction_type)}, ${typeInWords(entry.type)}: ${entry.amount} ${entry.currency}`;
  if (entry.transaction_type === 'exchange') return [base, `to ${entry.amount_to} ${entry.currency_to}`];
  const lines = [base, `address ${show(entry.address)}${entry.tag ? ` (tag ${entry.tag})` : ''}`, `txid ${show(entry.txid)}`];
  lines.push(`confirmations ${show(entry.confirmations)}`);
  if (entry.transaction_type === 'blockchain') lines.push(`risk score ${show(entry.riskscore)}`);
  return lines;
}

/** Elements the console could not read: each said as set aside, so the report never drops one silently. */
function setAsideLines(w: Writer, unreadable: readonly UnreadableElement[]): void {
  for (const element of unreadable.slice(0, REPORT_LIMITS.entries)) w.line(`Set aside, ${describeUnreadable(element)}`);
  if (unreadable.length > REPORT_LIMITS.entries) w.line(`... and ${unreadable.length - REPORT_LIMITS.entries} more set aside, not printed.`);
}

export async function createDisputeReport(input: DisputeReportInput): Promise<Uint8Array> {
  const { transaction: tx } = input;
  const doc = await PDFDocument.create();
  doc.setTitle(`Transaction ${tx.id}: dispute report`);
  doc.setProducer('Merchant Console');
  doc.setCreationDate(input.generatedAt ?? new Date());
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.line(`Transaction ${tx.id}: dispute report`, { size: SIZE.title, bold: true });
  w.line(`Merchant: ${input.merchantName ? bounded(input.merchantName, 200) : 'not set (set it on the Profiles screen)'}`);
  w.line(`Profile: ${input.profileName}`);
  w.line(`Answered by: ${input.origin ?? 'not recorded (looked up by an earlier version)'}`);
  w.line(`Looked up at: ${input.lookedUpAt} (UTC)`);
  if (input.lookedUpBy) w.line(bounded(madeByLine('Looked up', input.lookedUpBy)));
  w.line(`Report generated at: ${(input.generatedAt ?? new Date()).toISOString()} (UTC)`);
  w.gap();

  if (input.dispute) {
    w.line('Dispute', { size: SIZE.heading, bold: true });
    for (const text of disputeLines(tx, input.dispute)) w.line(bounded(text));
    w.gap();
  }

  w.line('Summary', { size: SIZE.heading, bold: true });
  w.line(statusLine(tx.status));
  w.line(`Type: ${typeInWords(tx.type)}`);
  w.line(`Foreign id: ${show(tx.foreign_id)}`);
  w.line(`End user reference: ${show(tx.end_user_reference)}`);
  if (tx.currency_sent) w.line(`Sent: ${tx.currency_sent.amount} ${tx.currency_sent.currency}`);
  if (tx.currency_received) {
    w.line(`Received: ${tx.currency_received.amount} ${tx.currency_received.currency}`);
    if (tx.currency_received.amount_minus_fee !== undefined) {
      w.line(`Received minus fee: ${tx.currency_received.amount_minus_fee} ${tx.currency_received.currency}`);
    }
  }
  if (tx.crypto_address) w.line(`Address: ${tx.crypto_address.address}${tx.crypto_address.tag ? ` (tag ${tx.crypto_address.tag})` : ''}`);
  w.line(`Error: ${show(tx.error)}`);
  w.gap();

  w.line('Fees', { size: SIZE.heading, bold: true });
  if (tx.fees.length === 0 && !input.unreadable?.fees.length) w.line('None');
  for (const fee of tx.fees) w.line(`${inWords(fee.type, feeLabel(fee.type), 'fee type')}: ${fee.amount} ${fee.currency}`);
  setAsideLines(w, input.unreadable?.fees ?? []);
  w.gap();

  w.line('Entries', { size: SIZE.heading, bold: true });
  if (tx.transactions.length === 0 && !input.unreadable?.transactions.length) w.line('None');
  setAsideLines(w, input.unreadable?.transactions ?? []);
  for (const entry of tx.transactions.slice(0, REPORT_LIMITS.entries)) {
    for (const [index, text] of entryLines(entry).entries()) w.line(text, { indent: index === 0 ? 0 : 12 });
  }
  if (tx.transactions.length > REPORT_LIMITS.entries) w.line(`... and ${tx.transactions.length - REPORT_LIMITS.entries} more entries, not printed.`);
  if (tx.additional_details) {
    w.gap();
    w.line('Additional details', { size: SIZE.heading, bold: true });
    const details = Object.entries(tx.additional_details);
    for (const [key, value] of details.slice(0, REPORT_LIMITS.details)) {
      w.line(bounded(`${bounded(key, 100)}: ${typeof value === 'string' ? value : bounded(JSON.stringify(value) ?? '')}`));
    }
    if (details.length > REPORT_LIMITS.details) w.line(`... and ${details.length - REPORT_LIMITS.details} more details, not printed.`);
  }
  w.gap();
  w.line('Response as received', { size: SIZE.heading, bold: true });
  w.line(bounded(input.raw, REPORT_LIMITS.rawChars), { size: 8 });
  return doc.save();
}
