import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './electron/package.ts';

// Comments cite the service as "spec 4.4" and as `docs/service-interface.md, "Lost responses"`
// (the doc's first line says so). A citation that names no section of the doc sends a reader
// nowhere, so each one must name a numbered section or a heading that exists.

const DOC = 'docs/service-interface.md';
const CODE_FOLDERS = ['electron', 'shared', 'renderer', 'scripts', 'e2e'];
/** This file, whose examples of broken citations are broken on purpose. */
const SELF = join('scripts', 'service-interface-citations.test.ts');

type Sections = { numbers: Set<string>; names: Set<string> };

function sectionsOf(markdown: string): Sections {
  const headings = [...markdown.matchAll(/^#{2,6} (.+)$/gm)].map((match) => (match[1] ?? '').trim());
  const numbers = headings.flatMap((heading) => /^(\d+(?:\.\d+)*)\.? /.exec(heading)?.[1] ?? []);
  return { numbers: new Set(numbers), names: new Set(headings) };
}

/** Citations in one file's text that name no section: `spec 9.9` or `…md, "No such heading"`. */
function unresolvedCitations(source: string, sections: Sections): string[] {
  // A citation may run over a comment's line break: join the lines of a comment first.
  const text = source.replace(/\n[ \t]*(?:\*|\/\/)[ \t]*/g, ' ');
  const unresolved: string[] = [];
  for (const match of text.matchAll(/\bspec (?:section )?(\d+(?:\.\d+)*)/g)) {
    const number = match[1] ?? '';
    if (!sections.numbers.has(number)) unresolved.push(`spec ${number}`);
  }
  for (const match of text.matchAll(/docs\/service-interface\.md,? \(?((?:"[^"\n]+"(?:, )?)+)/g)) {
    for (const name of (match[1] ?? '').matchAll(/"([^"]+)"/g)) {
      if (!sections.names.has(name[1] ?? '')) unresolved.push(`"${name[1]}"`);
    }
  }
  return unresolved;
}

function codeFiles(): string[] {
  return CODE_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx)$/.test(file) && !file.split(/[\\/]/).includes('node_modules'))
      .map((file) => join(folder, file)),
  ).filter((file) => file !== SELF);
}

describe(`citations of ${DOC}`, () => {
  const sections = sectionsOf(readFileSync(join(ROOT, DOC), 'utf8'));

  it('finds the numbered sections 1 to 9 and the named ones', () => {
    for (const number of ['1', '2.1.2', '4.4', '8', '9']) expect(sections.numbers.has(number), number).toBe(true);
    for (const name of ['Error bodies', 'Lost responses', 'Quote lifetime', 'transactions/info by txid']) expect(sections.names.has(name), name).toBe(true);
  });

  it('reports a citation of a section that does not exist, over a line break too', () => {
    const comment = '/**\n * Fixed (spec 4.4, spec 4.7; docs/service-interface.md, "Lost\n * responses", "No such part").\n */';
    expect(unresolvedCitations(comment, sections)).toEqual(['spec 4.7', '"No such part"']);
  });

  it('every citation in the code names a section of the doc', () => {
    const files = codeFiles();
    const unresolved = files.flatMap((file) =>
      unresolvedCitations(readFileSync(join(ROOT, file), 'utf8'), sections).map((citation) => `${file}: ${citation}`),
    );
    expect(unresolved).toEqual([]);
    // Not vacuous: the code does cite it, by number and by name.
    const cited = files.filter((file) => readFileSync(join(ROOT, file), 'utf8').includes(DOC));
    expect(cited.length).toBeGreaterThan(30);
  });
});
