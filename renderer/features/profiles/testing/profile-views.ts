import type { ProfileView } from '../../../../shared/ipc/profile.ts';

/** A live profile as main shows it to the Profiles screen, for the screen's tests: key and secret stored, no team journal. */
export const liveProfileView: ProfileView = {
  id: 'p1',
  name: 'Acme',
  baseUrl: 'https://app.cryptoprocessing.com/api/v2',
  kind: 'live',
  keyHint: '5678',
  hasSecret: true,
  credentialsBaseUrl: 'https://app.cryptoprocessing.com/api/v2',
  teamJournal: null,
  teamJournalPasswordFor: null,
  merchantName: null,
  receiverUrl: null,
  credentialsReceiverUrl: null,
};
