import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Features standing alone is a lint rule, not a good intention: this test breaks it and sees the error.
const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'renderer/feature-boundaries';

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const importing = (path: string) => `import { a } from '${path}';\nexport { a };\n`;

describe('renderer feature boundaries', () => {
  it('refuses a feature importing another feature, its entry included', async () => {
    expect(await boundaryErrors('renderer/features/history/x.ts', importing('../invoices/draft.ts'))).toEqual([
      expect.stringMatching(/history may not import the invoices feature/),
    ]);
    expect(await boundaryErrors('renderer/features/quotes/x.ts', importing('../pairs/index.ts'))).toHaveLength(1);
  });

  it("refuses a feature importing another feature's internals from deeper in its folder too", async () => {
    expect(await boundaryErrors('renderer/features/quotes/exchange/x.ts', importing('../../transactions/pending-lookup.ts'))).toEqual([
      expect.stringMatching(/quotes may not import the transactions feature/),
    ]);
  });

  it('refuses a feature importing app/', async () => {
    expect(await boundaryErrors('renderer/features/pairs/x.ts', importing('../../app/theme.ts'))).toEqual([
      expect.stringMatching(/never imports app\//),
    ]);
    expect(await boundaryErrors('renderer/features/quotes/exchange/x.ts', importing('../../../app/Screen.tsx'))).toHaveLength(1);
  });

  it("refuses app/ importing a feature's internals instead of its entry, by import() too", async () => {
    expect(await boundaryErrors('renderer/app/x.ts', importing('../features/history/AttentionBanner.tsx'))).toEqual([
      expect.stringMatching(/only through its entry, features\/history\/index\.ts/),
    ]);
    const lazyLoad = "export const load = () => import('../features/pairs/PairsScreen.tsx');\n";
    expect(await boundaryErrors('renderer/app/x.ts', lazyLoad)).toHaveLength(1);
    expect(await boundaryErrors('renderer/app/x.ts', importing('../features/history/index.ts'))).toEqual([]);
  });

  it('refuses the shared parts importing a feature or app/', async () => {
    expect(await boundaryErrors('renderer/components/x.ts', importing('../features/profiles/index.ts'))).toEqual([
      expect.stringMatching(/components\/ is shared/),
    ]);
    expect(await boundaryErrors('renderer/navigation/x.ts', importing('../app/App.tsx'))).toHaveLength(1);
  });

  it("allows a feature its own files and what the features share", async () => {
    const code = [
      "import { a } from './draft.ts';",
      "import { b } from './exchange/outcome.ts';",
      "import { c } from '../../components/Amount.tsx';",
      "import { d } from '../../navigation/screens.ts';",
      "import { e } from '../../bridge.ts';",
      "import { f } from '../../../shared/api/quote.ts';",
      'export { a, b, c, d, e, f };',
    ].join('\n');
    expect(await boundaryErrors('renderer/features/quotes/x.ts', `${code}\n`)).toEqual([]);
  });

  it('passes on the real renderer', async () => {
    const files = readdirSync('renderer', { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => `renderer/${name}`);
    const onlyThisRule = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === RULE });
    const results = await onlyThisRule.lintFiles(files);
    const broken = results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}: ${m.message}`));
    expect(files.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
