// @ts-check
import { posix, relative } from 'node:path';

/**
 * The renderer's features stand alone (bulletproof-react's shape, README "Architecture"):
 * - a feature (renderer/features/<name>/) never imports another feature, nor app/;
 * - the shared parts (components/, navigation/) import neither features nor app/;
 * - app/ reaches a feature only through its entry, features/<name>/index.ts.
 * A rule of our own rather than no-restricted-imports patterns: it judges the file an import
 * resolves to, so a deeper relative path cannot slip past it, and it sees `import()` too (app/ once
 * lazy-loaded a feature's screen file directly).
 */

/** @typedef {{ kind: 'feature', name: string } | { kind: 'app' } | { kind: 'shared', folder: string }} Zone */

/** @param {string} file a path relative to the project root, with forward slashes @returns {Zone | null} */
function zoneOf(file) {
  const match = /^renderer\/(?:features\/([^/]+)(?:\/|$)|(app|components|navigation)(?:\/|$))/.exec(file);
  if (!match) return null;
  if (match[1]) return { kind: 'feature', name: match[1] };
  return match[2] === 'app' ? { kind: 'app' } : { kind: 'shared', folder: match[2] ?? '' };
}

/** @param {Zone} from @param {Zone} to @param {string} target @returns {string | null} */
function problemOf(from, to, target) {
  if (from.kind === 'feature') {
    if (to.kind === 'app') return `A feature never imports app/ (${target}): app/ composes the features. Shared parts belong in components/ or navigation/.`;
    if (to.kind === 'feature' && to.name !== from.name) {
      return `Features stand alone: ${from.name} may not import the ${to.name} feature (${target}). Share a part through components/, hand work to another screen through navigation/.`;
    }
    return null;
  }
  if (from.kind === 'shared' && to.kind !== 'shared') {
    return `${from.folder}/ is shared by the features, so it imports neither a feature nor app/ (${target}).`;
  }
  if (from.kind === 'app' && to.kind === 'feature' && target !== `renderer/features/${to.name}/index.ts`) {
    return `app/ reaches a feature only through its entry, features/${to.name}/index.ts, not ${target}.`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: { type: 'problem', docs: { description: 'Renderer features stand alone; app/ uses their entries only.' }, schema: [] },
  create(context) {
    const file = relative(context.cwd, context.filename).split('\\').join('/');
    const from = zoneOf(file);
    if (!from) return {};
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = posix.join(posix.dirname(file), source.value);
      const to = zoneOf(target);
      const message = to && problemOf(from, to, target);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
