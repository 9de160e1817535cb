import { escapeHtml } from './replies.ts';

/** A page the sandbox serves to people: the invoice payment page and the deposit page (endpoints/). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:1rem;font-weight:600}input,select,button{font:inherit;padding:.4rem;margin-top:.25rem}
button{margin-top:1rem}.error{color:#a00}code{overflow-wrap:anywhere}:focus{outline:3px solid #36c;outline-offset:2px}</style></head>
<body><main>${body}</main></body></html>`;
}

/** What the sandbox refused, as an alert above the form. */
export function errorList(errors: Record<string, string> | undefined, error: string | undefined): string {
  const items = [...Object.values(errors ?? {}), ...(error ? [error] : [])];
  if (items.length === 0) return '';
  return `<div role="alert" class="error"><ul>${items.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul></div>`;
}
