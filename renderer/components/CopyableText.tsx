import { CopyButton } from './CopyButton.tsx';

/**
 * An identifier to read out or paste elsewhere (an id, a foreign id, a txid, an address), in
 * monospace, wrapping anywhere, with its Copy button beside it.
 */
export function CopyableText({ value, what, testId }: { value: string; what: string; testId?: string }) {
  return (
    <span className="with-copy">
      <span className="mono break" data-testid={testId}>
        {value}
      </span>
      <CopyButton value={value} what={what} />
    </span>
  );
}
