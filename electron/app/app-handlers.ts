import type { AppNotice } from '../../shared/ipc/index.ts';
import { LOCAL_SANDBOX_ID } from '../platform/profiles/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

export function appHandlers(deps: ServiceDeps): Pick<Handlers, 'app.info' | 'app.notices'> {
  return {
    'app.info': async () => ({ version: deps.version, dataDir: deps.dataDir }),
    'app.notices': async () => {
      // The Local sandbox reads its saved records when it starts, which it does at its first
      // call; on its profile, starting it here lets the screen tell at once what that read found.
      if (deps.book.active()?.id === LOCAL_SANDBOX_ID) await deps.sandbox.ensure();
      const setAside = deps.sandbox.stateSetAside();
      const notices: AppNotice[] = setAside ? [{ kind: 'local-sandbox-state-set-aside', keptAs: setAside.keptAs, reason: setAside.reason }] : [];
      return { notices };
    },
  };
}
