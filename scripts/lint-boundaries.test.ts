import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule is a lint rule, not a good intention: this test breaks it and sees the error.
const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses renderer -> electron', async () => {
    expect(await importErrors('renderer/app/x.ts', "import { a } from '../../electron/platform/api/index.ts';\nexport { a };\n")).toEqual([
      expect.stringMatching(/bridge/),
    ]);
  });

  it('refuses electron -> renderer', async () => {
    expect(await importErrors('electron/platform/x.ts', "import { a } from '../../renderer/bridge.ts';\nexport { a };\n")).toEqual([
      expect.stringMatching(/never imports the renderer/),
    ]);
  });

  it("refuses 'electron' outside the shell files, and allows it in them", async () => {
    const code = "import { app } from 'electron';\nexport { app };\n";
    expect(await importErrors('electron/platform/api/x.ts', code)).toHaveLength(1);
    expect(await importErrors('renderer/x.ts', code)).toHaveLength(1);
    expect(await importErrors('electron/main.ts', code)).toEqual([]);
    expect(await importErrors('electron/shell/window.ts', code)).toEqual([]);
  });

  it('keeps shared/ free of Node built-ins and of both sides', async () => {
    expect(await importErrors('shared/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };\n")).toHaveLength(1);
    expect(await importErrors('shared/x.ts', "import { a } from '../electron/platform/x.ts';\nexport { a };\n")).toHaveLength(1);
  });

  it('allows both sides to import shared/', async () => {
    expect(await importErrors('renderer/x.ts', "import { contract } from '../shared/ipc/contract.ts';\nexport { contract };\n")).toEqual([]);
    expect(await importErrors('electron/platform/x.ts', "import { contract } from '../../shared/ipc/contract.ts';\nexport { contract };\n")).toEqual([]);
  });
});
