import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../shared/i18n/index.ts';
import type { IdentityView } from '../../../shared/ipc/identity.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { controlLabelled, readableText, staticMarkup } from '../../testing/static-markup.ts';
import { IdentityPanel } from './IdentityPanel.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { liveProfileView } from './testing/profile-views.ts';
import { IDENTITY_KEY } from './use-identity.ts';

// The profile form's team journal section and "Your name in the journal", as React renders them
// for a given answer from main (typing, Test connection and setting the name: e2e/specs/team-journal-settings.spec.ts).

const live: ProfileView = {
  ...liveProfileView,
  teamJournal: { host: 'journal.example.com', port: 5432, database: 'finance', user: 'console', caFile: '/etc/ssl/company-ca.pem' },
  // The stored password is tied to the target and its CA file together.
  teamJournalPasswordFor: 'postgres://console@journal.example.com:5432/finance with the CA file /etc/ssl/company-ca.pem',
};
const SET_ONCE_WHY = CATALOGUES.en['profiles.identity.setOnce'];
const named: IdentityView = { displayName: 'Ana Ruiz', computer: 'FINANCE-01' };
const unnamed: IdentityView = { displayName: null, computer: 'FINANCE-01' };

const render = (element: Parameters<typeof staticMarkup>[0], identity: IdentityView) => staticMarkup(element, (client) => client.setQueryData(IDENTITY_KEY, identity));
const form = (profile: ProfileView | null, identity: IdentityView = named) => render(createElement(ProfileForm, { profile, onDone: () => undefined }), identity);

describe('the team journal section of the profile form', () => {
  // The values themselves are filled in by react-hook-form once mounted (formDefaults: profile-form-schema.test.ts).
  it('is an optional, labelled group with every setting, and says who entries will name', () => {
    const html = form(live);
    const text = readableText(html);
    expect(html).toMatch(/<fieldset class="team-journal" aria-describedby="team-journal-about"><legend>Team journal \(optional\)<\/legend>/);
    expect(controlLabelled(html, 'Server')).toContain('name="teamJournal.host"');
    expect(controlLabelled(html, 'Port')).toContain('name="teamJournal.port"');
    expect(controlLabelled(html, 'Database')).toContain('name="teamJournal.database"');
    expect(controlLabelled(html, 'User')).toContain('name="teamJournal.user"');
    expect(controlLabelled(html, 'CA file')).toContain('name="teamJournal.caFile"');
    // The password is never shown: only that the stored one is kept for this very target.
    const password = controlLabelled(html, 'Password');
    expect(password).toContain('type="password"');
    expect(password).toContain('placeholder="Leave empty to keep the stored password"');
    expect(text).toContain('Your name in the journal: Ana Ruiz on FINANCE-01');
    expect(text).toContain('TLS is required, and the server\'s certificate verified, unless the database runs on this computer.');
    expect(html).toMatch(/<button type="button" class="button">Test connection<span class="visually-hidden"> to the team journal<\/span><\/button>/);
    expect(html).toContain('role="status"');
  });

  it('asks for the name first when none is set', () => {
    expect(readableText(form(null, unnamed))).toContain('Set your name in the journal first ("Your name in the journal", above): every entry of a team journal names the person who made it.');
  });

  it('is not offered for the local sandbox, which exists on this desktop only', () => {
    const sandbox: ProfileView = { ...live, id: 'local-sandbox', kind: 'local-sandbox', teamJournal: null, teamJournalPasswordFor: null };
    expect(form(sandbox)).not.toContain('Team journal (optional)');
  });
});

describe("the profile form's merchant name", () => {
  it('is a labelled field with its hint and no value-like placeholder, for the local sandbox too', () => {
    const sandbox: ProfileView = { ...live, id: 'local-sandbox', kind: 'local-sandbox', teamJournal: null, teamJournalPasswordFor: null };
    for (const profile of [live, sandbox, null]) {
      const html = form(profile);
      const field = controlLabelled(html, 'Merchant name');
      expect(field).toContain('name="merchantName"');
      expect(field).not.toContain('placeholder=');
      expect(readableText(html)).toContain('Printed on dispute reports, e.g. the company name on your contract with the service.');
    }
  });
});

describe('Your name in the journal', () => {
  it('once set, is shown with the computer and cannot be edited, and says why', () => {
    const html = render(createElement(IdentityPanel), named);
    expect(readableText(html)).toContain(`Your name in the journal: Ana Ruiz on FINANCE-01 ${SET_ONCE_WHY}`);
    expect(html).not.toContain('<input');
  });

  it('unset, is a field that says it is set once', () => {
    const html = render(createElement(IdentityPanel), unnamed);
    expect(controlLabelled(html, 'Your name')).toContain('autoComplete="name"');
    expect(readableText(html)).toContain(SET_ONCE_WHY);
    expect(html).toMatch(/<button type="submit" class="button button-primary">Set my name…<\/button>/);
  });
});
