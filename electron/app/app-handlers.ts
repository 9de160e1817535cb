import type { Handlers } from '../platform/router/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

export function appHandlers(deps: ServiceDeps): Pick<Handlers, 'app.info'> {
  return { 'app.info': async () => ({ version: deps.version, dataDir: deps.dataDir }) };
}
