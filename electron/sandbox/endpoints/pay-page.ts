import { errorList, page } from '../http/html-page.ts';
import { escapeHtml, htmlReply, redirectReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { invoiceState, secondsLeft } from '../model/invoice-lifecycle.ts';
import { invoiceView } from '../views/invoice-view.ts';
import { chooseInvoiceCurrency, payInvoiceRecord } from '../model/invoice-payments.ts';
import { CATALOGUE, isPairAvailable } from '../model/market.ts';
import type { InvoiceRecord, SandboxContext } from '../model/types.ts';

/**
 * The invoice payment page the sandbox serves itself at /pay/<token> (the `url` of spec 2.2).
 * A plain HTML form, usable by keyboard, with labels: step 1 chooses the currency (which fixes the
 * rate), step 2 sends an amount, prefilled with the exact one; a person may change it to pay less
 * or more. Forms post back here and redirect (303) to the page, which shows the result.
 */

export function renderPayPage(ctx: SandboxContext, invoice: InvoiceRecord, notice = ''): Reply {
  const view = invoiceView(ctx, invoice);
  const state = invoiceState(invoice, ctx.clock());
  const base = `/pay/${encodeURIComponent(invoice.token)}`;
  const parts: string[] = [
    `<h1>${escapeHtml(invoice.title)}</h1>`,
    invoice.description ? `<p>${escapeHtml(invoice.description)}</p>` : '',
    `<p>Amount due: <strong>${escapeHtml(view.amount)} ${escapeHtml(invoice.currency)}</strong></p>`,
    `<p>Status: <strong id="status">${escapeHtml(state.status)}</strong>${state.error ? ` — <span class="error">${escapeHtml(state.error)}</span>` : ''}</p>`,
    notice,
  ];
  const open = state.status !== 'failed' && !state.complete;
  if (open) {
    const options = CATALOGUE.filter((c) => c.kind === 'crypto' && (c.code === invoice.currency || isPairAvailable(c.code, invoice.currency)))
      .map((c) => `<option value="${c.code}"${c.code === invoice.senderCurrency ? ' selected' : ''}>${c.code}</option>`)
      .join('');
    if (!(invoice.timer && invoice.senderCurrency !== null) && invoice.payments.length === 0) {
      parts.push(`<form method="post" action="${base}/currency"><label for="currency">Currency to pay in</label>
<select id="currency" name="currency">${options}</select><br><button type="submit">Choose currency</button></form>`);
    }
    if (invoice.senderCurrency !== null && view.sender_amount !== null) {
      const left = secondsLeft(invoice, ctx.clock());
      parts.push(`<p>Send <strong>${escapeHtml(view.sender_amount)} ${escapeHtml(invoice.senderCurrency)}</strong> to <code>${escapeHtml(view.address ?? '')}</code>${left === null ? '' : ` (rate fixed for ${left} more seconds)`}.</p>
<form method="post" action="${base}"><input type="hidden" name="currency" value="${escapeHtml(invoice.senderCurrency)}">
<label for="amount">Amount to send, in ${escapeHtml(invoice.senderCurrency)}</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${escapeHtml(view.sender_amount)}" required>
<br><button type="submit">Pay</button></form>`);
    }
  } else if (state.status === 'failed') {
    parts.push(`<p><a href="${escapeHtml(invoice.urlFailed)}">Return to the shop</a></p>`);
  } else {
    parts.push(`<p><a href="${escapeHtml(invoice.urlSuccess)}">Return to the shop</a></p>`);
  }
  return htmlReply(200, page(`Pay: ${invoice.title}`, parts.join('\n')));
}

function notFound(): Reply {
  return htmlReply(404, page('Invoice not found', '<h1>Invoice not found</h1>'));
}

/** GET /pay/<token>, POST /pay/<token>/currency, POST /pay/<token>. */
export function handlePayPage(ctx: SandboxContext, method: string, path: string, form: URLSearchParams): Reply {
  const match = /^\/pay\/([A-Za-z0-9]+)(\/currency)?$/.exec(path);
  const invoice = match ? ctx.data.invoices.find((i) => i.token === match[1]) : undefined;
  if (!match || !invoice) return notFound();
  const base = `/pay/${invoice.token}`;
  if (method === 'GET' && !match[2]) return renderPayPage(ctx, invoice);
  if (method !== 'POST') return notFound();
  if (match[2]) {
    const refused = chooseInvoiceCurrency(ctx, invoice, form.get('currency') ?? undefined);
    return refused ? renderPayPage(ctx, invoice, errorList(refused.ok ? undefined : refused.errors, refused.ok ? undefined : refused.error)) : redirectReply(base);
  }
  const outcome = payInvoiceRecord(ctx, invoice, { amount: form.get('amount') ?? undefined, currency: form.get('currency') ?? undefined });
  if (!outcome.ok) return renderPayPage(ctx, invoice, errorList(outcome.errors, outcome.error));
  return redirectReply(`${base}?paid=${outcome.transactionId}`);
}
