import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { appErrorOf } from '../bridge.ts';
import type { AppError } from '../bridge.ts';

/** The loading / error / empty states every screen needs, worded the same way everywhere. */

export function Loading({ what }: { what: string }) {
  return (
    <p className="state state-loading" role="status">
      <FormattedMessage id="common.loading" values={{ what }} />
    </p>
  );
}

/**
 * An AppError's message in the window's language: main's are said in it already, the bridge's and the
 * preload's own are catalogue ids (bridge.ts), worded here.
 */
export function ErrorMessage({ error, retry }: { error: AppError; retry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p>{error.message}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          <FormattedMessage id="common.retry" />
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

/**
 * What an action (a mutation) failed with, in main's plain words, where the person acted; nothing
 * while there is no failure. `testId` names one a spec must tell apart from another.
 */
export function FailureAlert({ error, testId }: { error: unknown; testId?: string }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {appErrorOf(error).message}
    </p>
  );
}
