import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ICruiseOptions, ICruiseResult } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import graph's rules (.dependency-cruiser.mjs, run by `npm run lint`) are rules, not good
// intentions: each test below writes a small tree that breaks one, cruises it with the project's
// own configuration and sees the violation; the last one cruises the real tree and sees none.

const CONFIG = resolve('.dependency-cruiser.mjs');
const DEPCRUISE = resolve('node_modules/.bin/depcruise');

let options: ICruiseOptions;
const fixtures: string[] = [];

beforeAll(async () => {
  options = await extractDepcruiseOptions(CONFIG);
});

afterAll(async () => {
  await Promise.all(fixtures.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes `files` (path -> source) into a fresh folder and returns it. */
async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lint-cycles-'));
  fixtures.push(dir);
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), source);
  }
  return dir;
}

/** Each violation as "rule: from -> to". */
async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['.'], { ...options, baseDir });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const exporting = (name: string) => `export const ${name} = 1;\n`;

describe('import cycles', () => {
  it('refuses a cycle, and the check that `npm run lint` runs exits non-zero on it', async () => {
    const dir = await tree({
      'a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'b.ts': "import { c } from './c.ts';\nexport const b = c;\n",
      'c.ts': "import { a } from './a.ts';\nexport const c = () => a;\n",
    });
    expect(await violations(dir)).toEqual([expect.stringMatching(/^no-circular: /)]);

    const run = promisify(execFile)(DEPCRUISE, ['--config', CONFIG, '--output-type', 'err', '.'], { cwd: dir });
    await expect(run).rejects.toMatchObject({ code: expect.any(Number), stdout: expect.stringMatching(/no-circular: a\.ts/) });
  });

  it('refuses a cycle made of type-only imports too', async () => {
    const dir = await tree({
      'failures.ts': "import type { Hop } from './network.ts';\nexport type Failure = { hop: Hop };\n",
      'network.ts': "import type { Failure } from './failures.ts';\nexport type Hop = { last?: Failure };\n",
    });
    expect(await violations(dir)).toEqual([expect.stringMatching(/^no-circular: /)]);
  });

  it('refuses a relative import that resolves to no file (a hole the cycle check could not see through)', async () => {
    const dir = await tree({ 'a.ts': "import { b } from './gone.ts';\nexport const a = b;\n" });
    expect(await violations(dir)).toEqual(['resolvable: a.ts -> ./gone.ts']);
  });

  it('allows the same files without the edge that closed the cycle', async () => {
    const dir = await tree({
      'a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'b.ts': exporting('b'),
    });
    expect(await violations(dir)).toEqual([]);
  });
});

describe('the sandbox imports only downwards', () => {
  const sandbox = (path: string) => `electron/sandbox/${path}`;
  const layers = {
    [sandbox('model/types.ts')]: exporting('type'),
    [sandbox('views/invoice-view.ts')]: exporting('view'),
    [sandbox('http/replies.ts')]: exporting('reply'),
    [sandbox('endpoints/ping.ts')]: exporting('ping'),
    [sandbox('server.ts')]: exporting('server'),
  };

  async function breaking(from: string, importing: string): Promise<string[]> {
    return violations(await tree({ ...layers, [sandbox(from)]: `import { x } from '${importing}';\nexport const y = x;\n` }));
  }

  it('keeps model/ at the bottom', async () => {
    expect(await breaking('model/store.ts', '../views/invoice-view.ts')).toEqual([
      'sandbox-model-imports-only-model: electron/sandbox/model/store.ts -> electron/sandbox/views/invoice-view.ts',
    ]);
    expect(await breaking('model/store.ts', '../http/replies.ts')).toHaveLength(1);
    expect(await breaking('model/store.ts', '../endpoints/ping.ts')).toHaveLength(1);
  });

  it('lets views/ and http/ read only the model', async () => {
    expect(await breaking('views/order-view.ts', '../endpoints/ping.ts')).toEqual([
      'sandbox-views-import-only-model: electron/sandbox/views/order-view.ts -> electron/sandbox/endpoints/ping.ts',
    ]);
    expect(await breaking('http/auth.ts', '../views/invoice-view.ts')).toEqual([
      'sandbox-http-imports-only-model: electron/sandbox/http/auth.ts -> electron/sandbox/views/invoice-view.ts',
    ]);
  });

  it('keeps each endpoint standing alone: no other endpoint, nothing from the server on top', async () => {
    expect(await breaking('endpoints/exchange-fixed.ts', './ping.ts')).toEqual([
      'sandbox-endpoints-stand-alone: electron/sandbox/endpoints/exchange-fixed.ts -> electron/sandbox/endpoints/ping.ts',
    ]);
    expect(await breaking('endpoints/exchange-fixed.ts', '../server.ts')).toHaveLength(1);
  });

  it('allows every downward import, and the top importing anything', async () => {
    const dir = await tree({
      ...layers,
      [sandbox('model/store.ts')]: "import { type } from './types.ts';\nexport const store = type;\n",
      [sandbox('views/order-view.ts')]: "import { type } from '../model/types.ts';\nexport const order = type;\n",
      [sandbox('http/auth.ts')]: "import { type } from '../model/types.ts';\nimport { reply } from './replies.ts';\nexport const auth = [type, reply];\n",
      [sandbox('endpoints/exchange-fixed.ts')]:
        "import { reply } from '../http/replies.ts';\nimport { type } from '../model/types.ts';\nimport { view } from '../views/invoice-view.ts';\nexport const fixed = [reply, type, view];\n",
      [sandbox('index.ts')]: "import { ping } from './endpoints/ping.ts';\nimport { server } from './server.ts';\nexport const sandbox = [ping, server];\n",
    });
    expect(await violations(dir)).toEqual([]);
  });

  it('is entered from outside only through index.ts', async () => {
    const dir = await tree({
      ...layers,
      [sandbox('index.ts')]: exporting('startSandbox'),
      'electron/app/client.test.ts': "import { startSandbox } from '../sandbox/index.ts';\nimport { type } from '../sandbox/model/types.ts';\nexport const t = [startSandbox, type];\n",
    });
    expect(await violations(dir)).toEqual([
      'sandbox-entered-through-index: electron/app/client.test.ts -> electron/sandbox/model/types.ts',
    ]);
  });
});

describe("main's capabilities and platform", () => {
  const main = {
    'electron/platform/journal/index.ts': "export { store } from './store.ts';\n",
    'electron/platform/journal/store.ts': exporting('store'),
    'electron/quotes/index.ts': "export { held } from './held.ts';\n",
    'electron/quotes/held.ts': exporting('held'),
    'electron/invoices/index.ts': exporting('invoices'),
  };

  it('lets a capability use the platform through its index, and electron/app/ compose the capabilities', async () => {
    const dir = await tree({
      ...main,
      'electron/invoices/handlers.ts': "import { store } from '../platform/journal/index.ts';\nexport const handlers = store;\n",
      'electron/app/compose.ts': "import { held } from '../quotes/index.ts';\nimport { invoices } from '../invoices/index.ts';\nexport const all = [held, invoices];\n",
    });
    expect(await violations(dir)).toEqual([]);
  });

  it('refuses an import past a folder\'s index.ts, from a capability or from the platform', async () => {
    const dir = await tree({
      ...main,
      'electron/invoices/handlers.ts': "import { store } from '../platform/journal/store.ts';\nexport const handlers = store;\n",
      'electron/platform/router/router.ts': "import { store } from '../journal/store.ts';\nexport const router = store;\n",
    });
    expect(await violations(dir)).toEqual([
      'entered-through-index: electron/invoices/handlers.ts -> electron/platform/journal/store.ts',
      'entered-through-index: electron/platform/router/router.ts -> electron/platform/journal/store.ts',
    ]);
  });

  it('refuses a capability that imports another, and a platform that imports a capability', async () => {
    const dir = await tree({
      ...main,
      'electron/invoices/handlers.ts': "import { held } from '../quotes/index.ts';\nexport const handlers = held;\n",
      'electron/platform/journal/store.ts': "import { invoices } from '../../invoices/index.ts';\nexport const store = invoices;\n",
    });
    expect(await violations(dir)).toEqual([
      'capabilities-stand-alone: electron/invoices/handlers.ts -> electron/quotes/index.ts',
      'platform-imports-no-capability: electron/platform/journal/store.ts -> electron/invoices/index.ts',
    ]);
  });
});

describe('the real tree', () => {
  it('has no import cycle and breaks no layer rule', async () => {
    expect(await violations(process.cwd())).toEqual([]);
  });
});
