import type { ProfileView } from '../../../shared/ipc/profile.ts';
import type { CredentialFacts } from './profile-book.ts';
import type { ProfileRecord } from './profile-file.ts';

/** Shown for the local sandbox while it is not running: its port is chosen when it starts. */
export const LOCAL_SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1';

/** The only form in which a profile leaves the main process: no key, no secret. */
export function toProfileView(record: ProfileRecord, facts: CredentialFacts & { sandboxBaseUrl: string | null }): ProfileView {
  return {
    id: record.id,
    name: record.name,
    baseUrl: record.kind === 'local-sandbox' ? (facts.sandboxBaseUrl ?? LOCAL_SANDBOX_PLACEHOLDER_URL) : record.baseUrl,
    kind: record.kind,
    keyHint: record.keyHint,
    hasSecret: facts.hasSecret,
    credentialsBaseUrl: facts.baseUrl,
    teamJournal: record.teamJournal,
    teamJournalPasswordFor: facts.teamJournalPasswordFor,
    merchantName: record.merchantName,
    receiverUrl: record.receiverUrl,
    credentialsReceiverUrl: facts.receiverUrl,
  };
}
