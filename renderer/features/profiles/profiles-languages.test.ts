import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/index.ts';
import { say } from '../../../shared/i18n/index.ts';
import type { IdentityView } from '../../../shared/ipc/identity.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { controlLabelled, readableText, staticMarkup } from '../../testing/static-markup.ts';
import { IdentityPanel } from './IdentityPanel.tsx';
import { profileFormSchema, reentryReason } from './profile-form-schema.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { liveProfileView } from './testing/profile-views.ts';
import { UploadHistoryOffer } from './UploadHistoryOffer.tsx';
import { IDENTITY_KEY } from './use-identity.ts';

// The Profiles screen in the window's language: its key sentences in German and French, the
// values (names, addresses, computers) inside them as they are.

const unnamed: IdentityView = { displayName: null, computer: 'FINANCE-01' };
const joined: ProfileView = {
  ...liveProfileView,
  teamJournal: { host: 'journal.example.com', port: 5432, database: 'finance', user: 'console', caFile: null },
  teamJournalPasswordFor: 'postgres://console@journal.example.com:5432/finance',
};
const render = (element: Parameters<typeof staticMarkup>[0], language: Language) =>
  staticMarkup(element, (client) => client.setQueryData(IDENTITY_KEY, unnamed), language);
/** The text as read: inline tags (strong, span) are part of the sentence, not breaks in it. */
const sentences = (html: string) => readableText(html.replace(/<\/?(?:strong|span)[^>]*>/g, ''));
const wordsIn = (language: Language) => (id: Parameters<typeof say>[1], values?: Parameters<typeof say>[2]) => say(language, id, values);

describe('Profiles in German', () => {
  it('asks for the name in the journal, and says why, with the computer in the sentence', () => {
    const html = render(createElement(IdentityPanel), 'de');
    const text = sentences(html);
    expect(text).toContain('Ihr Name im Journal');
    expect(text).toContain('Jeder Eintrag, den Sie vornehmen, wird mit Ihrem Namen und dem dieses Computers (FINANCE-01) aufgezeichnet');
    expect(controlLabelled(html, 'Ihr Name')).toContain('autoComplete="name"');
    expect(text).toContain('Meinen Namen festlegen…');
  });

  it('says why the key and secret must be typed again for another address, and asks for them on their fields', () => {
    const moved = 'https://app.sandbox.cryptoprocessing.com/api/v2';
    expect(reentryReason(liveProfileView, moved, '', wordsIn('de'))).toBe(
      `Der gespeicherte Schlüssel und das Secret sind an ${liveProfileView.baseUrl} gebunden, und die Anwendung sendet sie nie an eine andere Adresse. Geben Sie beide für ${moved} erneut ein.`,
    );
    const form = { name: 'Acme', merchantName: '', baseUrl: moved, receiverUrl: '', apiKey: '', secret: '', teamJournal: { host: '', port: '5432', database: '', user: '', caFile: '' }, teamJournalPassword: '' };
    const issues = profileFormSchema(liveProfileView, wordsIn('de')).safeParse(form).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual([`Geben Sie den API-Schlüssel für ${moved} ein`, `Geben Sie das Secret für ${moved} ein`]);
  });
});

describe('Profiles in French', () => {
  it('shows the profile form and its team journal section in French, the stored password kept for its target', () => {
    const html = render(createElement(ProfileForm, { profile: joined, onDone: () => undefined }), 'fr');
    const text = sentences(html);
    expect(text).toContain('Modifier Acme');
    expect(text).toContain('Journal d’équipe (facultatif)');
    expect(controlLabelled(html, 'Clé d’API')).toContain('placeholder="Laissez vide pour conserver la clé enregistrée (…5678)"');
    expect(controlLabelled(html, 'Mot de passe')).toContain('placeholder="Laissez vide pour conserver le mot de passe enregistré"');
    expect(text).toContain('Définissez d’abord votre nom dans le journal');
    expect(text).toContain('Enregistrer les modifications');
  });

  it('offers to upload this computer’s history, naming the profile and the team journal', () => {
    const text = sentences(render(createElement(UploadHistoryOffer, { profile: joined, onClose: () => undefined }), 'fr'));
    expect(text).toContain('Téléverser l’historique de cet ordinateur pour Acme ?');
    expect(text).toContain('Acme enregistre dans le journal d’équipe à postgres://console@journal.example.com:5432/finance.');
  });
});
