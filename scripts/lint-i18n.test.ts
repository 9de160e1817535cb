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

  it('applies only to the folders converted so far (the list grows with each screen)', async () => {
    const rules = async (file: string) => ((await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> }).rules ?? {};
    expect(await rules('renderer/features/transactions/TransactionsScreen.tsx')).toHaveProperty([JSX_RULE]);
    expect(await rules('renderer/features/pairs/PairsScreen.tsx')).toHaveProperty([JSX_RULE]);
    // A folder not in the list (a screen still to come) is not held to it.
    expect(await rules('renderer/features/not-yet-converted/XScreen.tsx')).not.toHaveProperty([JSX_RULE]);
    expect(await ruleErrors('renderer/features/not-yet-converted/X.tsx', component('<p>Pairs</p>'), JSX_RULE)).toEqual([]);
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
    expect(await ruleErrors('electron/not-yet-converted/x.ts', literal, MAIN_RULE)).toEqual([]);
  });
});
