import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

export function appHandlers(deps: ServiceDeps): Pick<Handlers, 'app.info'> {
  return { 'app.info': async () => ({ version: deps.version, dataDir: deps.dataDir }) };
}
