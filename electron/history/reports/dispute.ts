import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { describeUnreadable } from '../../../shared/api/wire.ts';
import type { UnreadableElement } from '../../../shared/api/wire.ts';
import type { Transaction, TransactionEntry, UnreadableParts } from '../../../shared/api/transaction.ts';
import { ENTRY_LABEL_IDS, feeLabelId, statusIdsOf, typeLabelId } from '../../../shared/api/transaction-words.ts';
import type { MessageId, RuleWording } from '../../../shared/i18n/index.ts';
import { disputeLines, madeByLine } from './dispute-match.ts';
import type { DisputeMatch, Maker } from './dispute-match.ts';
import { reportWords } from './report-words.ts';
import type { ReportLocale, ReportWords } from './report-words.ts';

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
  /** The window's language, regional formats and the person's time zone: the report is written in them (report-words.ts). */
  locale?: ReportLocale;
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
  private readonly words: ReportWords;
  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont, words: ReportWords) {
    this.doc = doc;
    this.words = words;
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
    this.page.drawText(printable(this.bold, this.words.say('main.history.report.stops', { pages: String(REPORT_LIMITS.pages) })), {
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
function bounded(words: ReportWords, text: string, limit: number = REPORT_LIMITS.fieldChars): string {
  return text.length <= limit ? text : words.say('main.history.report.cut', { text: text.slice(0, limit), count: String(text.length - limit) });
}

const show = (words: ReportWords, value: unknown): string => (value === null || value === undefined || value === '' ? '-' : bounded(words, String(value)));

/** What a code the console does not know is called, by the list it comes from. */
type CodeList = 'status' | 'type' | 'entry' | 'fee';
const NOT_KNOWN: Record<CodeList, MessageId> = {
  status: 'main.history.report.unknownStatus',
  type: 'main.history.report.unknownType',
  entry: 'main.history.report.unknownEntryKind',
  fee: 'main.history.report.unknownFeeType',
};

/**
 * A code of the service in the words the screens use, with the code beside it for the back office;
 * one the console does not know is printed as received and flagged, never dropped or guessed at.
 */
function inWords(words: ReportWords, code: string, label: MessageId | null, list: CodeList): string {
  const received = bounded(words, code, 100);
  return label === null ? words.say(NOT_KNOWN[list], { received }) : words.say('main.history.report.known', { label: words.say(label), received });
}

function statusLine(words: ReportWords, status: Transaction['status']): string {
  const ids = statusIdsOf(status);
  return ids === null
    ? words.say('main.history.report.statusUnknown', { status: inWords(words, status, null, 'status') })
    : words.say('main.history.report.status', { status: inWords(words, status, ids.label, 'status'), meaning: words.say(ids.meaning) });
}

const typeInWords = (words: ReportWords, code: string | null | undefined): string =>
  typeof code === 'string' && code !== '' ? inWords(words, code, typeLabelId(code), 'type') : '-';

function entryKindInWords(words: ReportWords, kind: string): string {
  return inWords(words, kind, Object.hasOwn(ENTRY_LABEL_IDS, kind) ? ENTRY_LABEL_IDS[kind as keyof typeof ENTRY_LABEL_IDS] : null, 'entry');
}

function entryLines(words: ReportWords, entry: TransactionEntry): string[] {
  const { say } = words;
  const base = say('main.history.report.entry', {
    id: String(entry.id),
    kind: entryKindInWords(words, entry.transaction_type),
    type: typeInWords(words, entry.type),
    amount: entry.amount,
    currency: entry.currency,
  });
  if (entry.transaction_type === 'exchange') return [base, say('main.history.report.entryTo', { amount: String(entry.amount_to), currency: String(entry.currency_to) })];
  const address = entry.tag
    ? say('main.history.report.entryAddressTag', { address: show(words, entry.address), tag: String(entry.tag) })
    : say('main.history.report.entryAddress', { address: show(words, entry.address) });
  const lines = [base, address, say('main.history.report.entryTxid', { txid: show(words, entry.txid) })];
  lines.push(say('main.history.report.entryConfirmations', { value: show(words, entry.confirmations) }));
  if (entry.transaction_type === 'blockchain') lines.push(say('main.history.report.entryRisk', { value: show(words, entry.riskscore) }));
  return lines;
}

/** Elements the console could not read: each said as set aside, so the report never drops one silently. */
function setAsideLines(w: Writer, words: ReportWords, unreadable: readonly UnreadableElement[]): void {
  const wording: RuleWording = { formatMessage: ({ id }, values) => words.say(id, values) };
  for (const element of unreadable.slice(0, REPORT_LIMITS.entries)) w.line(words.say('main.history.report.setAside', { what: describeUnreadable(wording, element) }));
  if (unreadable.length > REPORT_LIMITS.entries) w.line(words.say('main.history.report.setAsideMore', { count: String(unreadable.length - REPORT_LIMITS.entries) }));
}

export async function createDisputeReport(input: DisputeReportInput): Promise<Uint8Array> {
  const { transaction: tx } = input;
  const words = reportWords(input.locale);
  const { say } = words;
  const heading = (id: MessageId) => w.line(say(id), { size: SIZE.heading, bold: true });
  const generatedAt = input.generatedAt ?? new Date();
  const doc = await PDFDocument.create();
  doc.setTitle(say('main.history.report.title', { id: String(tx.id) }));
  doc.setProducer('Merchant Console');
  doc.setCreationDate(generatedAt);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), words);

  w.line(say('main.history.report.title', { id: String(tx.id) }), { size: SIZE.title, bold: true });
  w.line(input.merchantName ? say('main.history.report.merchant', { name: bounded(words, input.merchantName, 200) }) : say('main.history.report.merchantNotSet'));
  w.line(say('main.history.report.profile', { name: input.profileName }));
  w.line(input.origin !== null && input.origin !== undefined ? say('main.history.report.answeredBy', { origin: input.origin }) : say('main.history.report.answeredByNotRecorded'));
  w.line(words.zoneLine);
  w.line(say('main.history.report.lookedUpAt', { at: words.at(input.lookedUpAt) }));
  if (input.lookedUpBy) w.line(bounded(words, madeByLine(words, 'lookedUp', input.lookedUpBy)));
  w.line(say('main.history.report.generatedAt', { at: words.at(generatedAt.toISOString()) }));
  w.gap();

  if (input.dispute) {
    heading('main.history.report.dispute');
    for (const text of disputeLines(words, tx, input.dispute)) w.line(bounded(words, text));
    w.gap();
  }

  heading('main.history.report.summary');
  w.line(statusLine(words, tx.status));
  w.line(say('main.history.report.type', { type: typeInWords(words, tx.type) }));
  w.line(say('main.history.report.foreignId', { value: show(words, tx.foreign_id) }));
  w.line(say('main.history.report.endUserReference', { value: show(words, tx.end_user_reference) }));
  if (tx.currency_sent) w.line(say('main.history.report.sent', { amount: tx.currency_sent.amount, currency: tx.currency_sent.currency }));
  if (tx.currency_received) {
    w.line(say('main.history.report.received', { amount: tx.currency_received.amount, currency: tx.currency_received.currency }));
    if (tx.currency_received.amount_minus_fee !== undefined) {
      w.line(say('main.history.report.receivedMinusFee', { amount: tx.currency_received.amount_minus_fee, currency: tx.currency_received.currency }));
    }
  }
  if (tx.crypto_address) {
    const { address, tag } = tx.crypto_address;
    w.line(tag ? say('main.history.report.addressTag', { address, tag }) : say('main.history.report.address', { address }));
  }
  w.line(say('main.history.report.error', { value: show(words, tx.error) }));
  w.gap();

  heading('main.history.report.fees');
  if (tx.fees.length === 0 && !input.unreadable?.fees.length) w.line(say('main.history.report.none'));
  for (const fee of tx.fees) w.line(say('main.history.report.fee', { type: inWords(words, fee.type, feeLabelId(fee.type), 'fee'), amount: fee.amount, currency: fee.currency }));
  setAsideLines(w, words, input.unreadable?.fees ?? []);
  w.gap();

  heading('main.history.report.entries');
  if (tx.transactions.length === 0 && !input.unreadable?.transactions.length) w.line(say('main.history.report.none'));
  setAsideLines(w, words, input.unreadable?.transactions ?? []);
  for (const entry of tx.transactions.slice(0, REPORT_LIMITS.entries)) {
    for (const [index, text] of entryLines(words, entry).entries()) w.line(text, { indent: index === 0 ? 0 : 12 });
  }
  if (tx.transactions.length > REPORT_LIMITS.entries) w.line(say('main.history.report.entriesMore', { count: String(tx.transactions.length - REPORT_LIMITS.entries) }));
  if (tx.additional_details) {
    w.gap();
    heading('main.history.report.details');
    const details = Object.entries(tx.additional_details);
    for (const [key, value] of details.slice(0, REPORT_LIMITS.details)) {
      w.line(bounded(words, `${bounded(words, key, 100)}: ${typeof value === 'string' ? value : bounded(words, JSON.stringify(value) ?? '')}`));
    }
    if (details.length > REPORT_LIMITS.details) w.line(say('main.history.report.detailsMore', { count: String(details.length - REPORT_LIMITS.details) }));
  }
  w.gap();
  heading('main.history.report.raw');
  w.line(bounded(words, input.raw, REPORT_LIMITS.rawChars), { size: 8 });
  return doc.save();
}
