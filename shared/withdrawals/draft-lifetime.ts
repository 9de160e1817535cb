/**
 * How long a withdrawal draft waits for its approvals when the merchant account's policy sets no
 * lifetime of its own: a day, so that a draft nobody decided on does not stay approvable for ever.
 * The team journal's database and a desktop's journal expire drafts by it; the screens name it.
 */
export const DEFAULT_DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
