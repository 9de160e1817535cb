import { errorList, page } from '../http/html-page.ts';
import { escapeHtml, htmlReply, redirectReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { payAddressRecord } from '../model/address-deposits.ts';
import { transactionStatus } from '../model/transaction-lifecycle.ts';
import type { AddressRecord, DepositRecord, SandboxContext } from '../model/types.ts';

/**
 * The sandbox's page for paying into a deposit address taken with addresses/take, at
 * /deposit/<token> (the token is made when the app first asks for the page: model/address-deposits.ts).
 * The service has no such page: on it a customer's wallet sends to the address. Here a person plays
 * the customer: a plain HTML form, usable by keyboard, with a label, as many times as they like,
 * each payment a deposit of its own; the page lists the payments so far with their hashes. A POST
 * redirects (303) back to the page with `?paid=<transaction id>`.
 */

function depositRows(ctx: SandboxContext, deposits: DepositRecord[]): string {
  if (deposits.length === 0) return '<p>No payment into this address yet.</p>';
  const now = ctx.clock();
  const rows = deposits
    .map(
      (d) =>
        `<tr data-transaction="${d.id}"><td>${d.id}</td><td>${escapeHtml(d.amount)} ${escapeHtml(d.currency)}</td><td><code>${escapeHtml(d.txid)}</code></td><td>${escapeHtml(transactionStatus(d, now))}</td></tr>`,
    )
    .join('');
  return `<table id="deposits"><caption>Payments into this address</caption>
<thead><tr><th scope="col">Transaction</th><th scope="col">Amount</th><th scope="col">txid</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderDepositPage(ctx: SandboxContext, address: AddressRecord, notice = ''): Reply {
  const deposits = ctx.data.transactions.filter((t): t is DepositRecord => t.kind === 'deposit' && t.addressId === address.id);
  const currency = escapeHtml(address.currency);
  const parts = [
    `<h1>Pay into a ${currency} deposit address</h1>`,
    `<p>Address: <code id="address">${escapeHtml(address.address)}</code></p>`,
    address.tag === null ? '' : `<p>Destination tag: <code id="tag">${escapeHtml(address.tag)}</code> (sent with every payment from this page)</p>`,
    address.convertTo ? `<p>What arrives is converted into ${escapeHtml(address.convertTo)} on arrival.</p>` : '',
    notice,
    `<form method="post" action="/deposit/${encodeURIComponent(address.payToken ?? '')}"><label for="amount">Amount to send, in ${currency}</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required>
<br><button type="submit">Pay</button></form>`,
    depositRows(ctx, deposits),
  ];
  return htmlReply(200, page(`Pay into ${address.currency} address ${address.address}`, parts.join('\n')));
}

function notFound(): Reply {
  return htmlReply(404, page('Deposit address not found', '<h1>Deposit address not found</h1>'));
}

/** GET /deposit/<token>, POST /deposit/<token>. */
export function handleDepositPage(ctx: SandboxContext, method: string, path: string, form: URLSearchParams): Reply {
  const match = /^\/deposit\/([A-Za-z0-9]+)$/.exec(path);
  const address = match ? ctx.data.addresses.find((a) => a.source === 'take' && a.payToken === match[1]) : undefined;
  if (!match || !address) return notFound();
  if (method === 'GET') return renderDepositPage(ctx, address);
  if (method !== 'POST') return notFound();
  const outcome = payAddressRecord(ctx, address, { amount: form.get('amount') ?? undefined });
  if (!outcome.ok) return renderDepositPage(ctx, address, errorList(outcome.errors, outcome.error));
  return redirectReply(`/deposit/${address.payToken ?? ''}?paid=${outcome.deposit.id}`);
}
