/**
 * The Content-Security-Policy <meta> tags of an HTML page, their content decoded (Vite writes the
 * quotes of 'self' as &#39;). Enough for our index.html; not a general HTML parser.
 */
export function metaPolicies(html: string): string[] {
  const tags = html.match(/<meta\b[^>]*\bhttp-equiv=["']?Content-Security-Policy["']?[^>]*>/gi) ?? [];
  return tags.map((tag) => decodeEntities(/\bcontent="([^"]*)"/i.exec(tag)?.[1] ?? ''));
}

function decodeEntities(text: string): string {
  return text.replace(/&#39;|&#x27;|&quot;|&amp;/g, (entity) => ({ '&#39;': "'", '&#x27;': "'", '&quot;': '"', '&amp;': '&' })[entity] ?? entity);
}
