/**
 * What the journal keeps of a request: everything needed to find or repeat the operation, less
 * personal data. Sender data (names, dates of birth) and e-mail addresses never reach the disk.
 */
const PERSONAL_FIELDS = new Set(['sender_data', 'receiver_data', 'email_user', 'email']);

export function redactRequest(request: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) {
    if (!PERSONAL_FIELDS.has(key) && value !== undefined) kept[key] = value;
  }
  return kept;
}
