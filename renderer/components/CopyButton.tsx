import { useState } from 'react';
import { announce } from './announce.ts';

/**
 * Copies a value (an id, a txid, a payment URL) and says "Copied" through the polite live region,
 * so a screen-reader user hears it too. The label names what is copied: several sit side by side.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      announce(`Copied ${what}`);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      announce(`Could not copy ${what}: select it and press Ctrl+C`);
    }
  };
  return (
    <button type="button" className="button button-small" onClick={() => void copy()} aria-label={`Copy ${what}`}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
