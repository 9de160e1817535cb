import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// No word outside the catalogues, in the converted screens and main's converted folders: a lint rule,
// not a good intention. Each test lints a small file that breaks it, where `npm run lint` would.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleErrors(filePath: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const JSX_RULE = 'formatjs/no-literal-string-in-jsx';
const MAIN_RULE = 'no-restricted-syntax';

const component = (body: string) => `import { useIntl } from 'react-intl';\nexport function X() {\n  const intl = useIntl();\n  return ${body};\n}\n`;

describe('no literal text in the converted screens', () => {
  it('refuses text, and words in a label, title, term or aria-label, in a converted folder', async () => {
    const file = 'renderer/features/transactions/X.tsx';
    expect(await ruleErrors(file, component('<p>Look up a transaction</p>'), JSX_RULE)).toEqual(['Cannot have untranslated text in JSX']);
    expect(await ruleErrors(file, component('<Fact term="Amount">{1}</Fact>'), JSX_RULE)).toHaveLength(1);
    expect(await ruleErrors(file, component('<button title="Copy" aria-label="Copy hash" />'), JSX_RULE)).toHaveLength(2);
    expect(await ruleErrors(file, component("<p>{busy ? 'Looking up…' : 'Look up'}</p>"), JSX_RULE)).toHaveLength(2);
    expect(await ruleErrors('renderer/app/X.tsx', component('<h1>Merchant Console</h1>'), JSX_RULE)).toHaveLength(1);
  });

  it('takes words from the catalogues, and layout that is no word', async () => {
    const file = 'renderer/features/transactions/X.tsx';
    const fine = component(
      "<p className=\"lead\" data-testid=\"x\" title={intl.formatMessage({ id: 'transactions.title' })}>{intl.formatMessage({ id: 'transactions.lead' })} </p>",
    );
    expect(await ruleErrors(file, fine, JSX_RULE)).toEqual([]);
  });

  it('applies to the whole renderer, a screen still to come included, but not to tests', async () => {
    const rules = async (file: string) => ((await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> }).rules ?? {};
    expect(await rules('renderer/features/transactions/TransactionsScreen.tsx')).toHaveProperty([JSX_RULE]);
    expect(await rules('renderer/app/Header.tsx')).toHaveProperty([JSX_RULE]);
    expect(await ruleErrors('renderer/features/still-to-come/X.tsx', component('<p>Pairs</p>'), JSX_RULE)).toHaveLength(1);
    expect(await rules('renderer/features/pairs/pairs-screen.test.tsx')).not.toHaveProperty([JSX_RULE]);
  });
});

describe('no literal message in main’s converted folders', () => {
  it('refuses an error message or limit words written in English, and takes the catalogue’s', async () => {
    const file = 'electron/transactions/x.ts';
    const literal = "import { AppFailure } from '../../shared/ipc/errors.ts';\nexport const e = new AppFailure({ kind: 'not_found', message: 'Transaction not found' });\n";
    const template = 'export const w = { words: (seconds: number) => `Wait ${seconds} s.` };\n';
    expect(await ruleErrors(file, literal, MAIN_RULE)).toHaveLength(1);
    expect(await ruleErrors(file, template, MAIN_RULE)).toHaveLength(1);
    const fromCatalogue = "export const make = (say: (id: string) => string) => ({ kind: 'unsupported', message: say('main.lookup.unsupported') });\n";
    expect(await ruleErrors(file, fromCatalogue, MAIN_RULE)).toEqual([]);
    expect(await ruleErrors('electron/pairs/x.ts', literal, MAIN_RULE)).toHaveLength(1);
    // Every folder of main, one still to come too; the built-in sandbox speaks for the service, and a test is no message.
    expect(await ruleErrors('electron/still-to-come/x.ts', literal, MAIN_RULE)).toHaveLength(1);
    expect(await ruleErrors('electron/sandbox/x.ts', literal, MAIN_RULE)).toEqual([]);
    expect(await ruleErrors('electron/pairs/x.test.ts', literal, MAIN_RULE)).toEqual([]);
  });

  it('refuses words in a dialog (title, detail, buttons, showErrorBox) and in a menu’s labels, where main draws them', async () => {
    const file = 'electron/shell/x.ts';
    const box = "export const o = { type: 'warning', title: 'Place exchange', message: m, detail: `At ${rate}`, buttons: ['Cancel', label] };\n";
    expect(await ruleErrors(file, box, MAIN_RULE)).toHaveLength(3);
    const menu = "export const t = [{ label: 'File', submenu: [{ role: 'quit' }] }];\n";
    expect(await ruleErrors(file, menu, MAIN_RULE)).toHaveLength(1);
    const failed = "import { dialog } from 'electron';\ndialog.showErrorBox('Merchant Console could not start', why);\n";
    expect(await ruleErrors('electron/main.ts', failed, MAIN_RULE)).toHaveLength(1);
    const worded = "export const o = (say: (id: string) => string) => ({ title: say('main.shell.menu.file'), label: say('main.shell.menu.edit'), buttons: [say('main.shell.cancel'), label], detail: lines.join('\\n') });\n";
    expect(await ruleErrors(file, worded, MAIN_RULE)).toEqual([]);
    // A table of catalogue ids (a column's name, said when the file is written) is no words; one word in it is.
    const ids = "export const h = { title: 'main.history.csv.title', message: 'main.history.csv.message', label: 'Title' };\n";
    expect(await ruleErrors(file, ids, MAIN_RULE)).toHaveLength(1);
  });

  it('covers the platform, the shell, the app, main.ts and the preload, and a platform failure written in English', async () => {
    const literal = "import { AppFailure } from '../../../shared/ipc/errors.ts';\nexport const e = new AppFailure({ kind: 'network', message: `Could not talk to ${host}.` });\n";
    // The preload and the journal's row reader too: no file of main is left out any more.
    for (const file of ['electron/platform/api/x.ts', 'electron/platform/journal/x.ts', 'electron/app/x.ts', 'electron/shell/x.ts', 'electron/main.ts', 'electron/preload.ts', 'electron/platform/journal/entry-row.ts']) {
      expect(await ruleErrors(file, literal, MAIN_RULE), file).toHaveLength(1);
    }
    // A reader's own issue (zod's message) is a rule from the catalogues, not English.
    const issue = (message: string) => `export const check = (context: { addIssue(issue: object): void }) => context.addIssue({ code: 'custom', message: ${message} });\n`;
    expect(await ruleErrors('electron/platform/journal/entry-row.ts', issue("'is not JSON'"), MAIN_RULE)).toHaveLength(1);
    expect(await ruleErrors('electron/platform/journal/entry-row.ts', issue("ruleMessage('rules.journal.row.notJson', { what })"), MAIN_RULE)).toEqual([]);
    const wordedFailure = "import { worded } from '../../../shared/ipc/errors.ts';\nexport const e = worded({ kind: 'network' }, { id: 'main.platform.api.network', values: { host, why } });\n";
    expect(await ruleErrors('electron/platform/api/x.ts', wordedFailure, MAIN_RULE)).toEqual([]);
  });
});
