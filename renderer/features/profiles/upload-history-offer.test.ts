import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { ProfileRow } from './ProfileRow.tsx';
import { liveProfileView } from './testing/profile-views.ts';
import { UploadHistoryOffer } from './UploadHistoryOffer.tsx';

// The offer to upload this computer's history into a team journal, as React renders it
// (clicking it, and main's answer: e2e/specs/team-journal-upload.spec.ts).

const inTeam: ProfileView = { ...liveProfileView, teamJournal: { host: 'journal.example.com', port: 5432, database: 'finance', user: 'console', caFile: null } };
const row = (profile: ProfileView) =>
  staticMarkup(createElement('table', null, createElement('tbody', null, createElement(ProfileRow, { profile, active: false, onEdit: () => {}, onRemove: () => {}, onUpload: () => {} }))));

describe('the offer to upload this computer’s history', () => {
  it('names the profile and the team journal, says what uploading does, and lets the person decline', () => {
    const html = staticMarkup(createElement(UploadHistoryOffer, { profile: inTeam, onClose: () => {} }));
    const text = readableText(html);
    expect(html).toMatch(/<section class="panel upload-offer" aria-labelledby="upload-offer-title"/);
    expect(text).toContain('Upload this computer’s history of Acme?');
    expect(text).toContain('Acme records into the team journal at postgres://console@journal.example.com:5432/finance');
    expect(text).toContain('Uploading copies each entry once, with who made it and when; uploading again later copies nothing twice.');
    expect(html).toMatch(/<button type="button" class="button">Not now<\/button><button type="button" class="button button-primary">Upload history<\/button>/);
    // Where main's answer (how many moved, what stayed and why) is announced.
    expect(html).toContain('<p role="status" data-testid="upload-result"></p>');
  });

  it('is offered again from the row of a profile with a team journal, and only there', () => {
    expect(readableText(row(inTeam))).toContain('Upload history of Acme to its team journal');
    expect(readableText(row(liveProfileView))).not.toContain('Upload history');
  });
});
