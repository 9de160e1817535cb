import { useAnnouncer } from '../components/announce.ts';

/** The visually hidden live region; the key makes a repeated message a new node, so it is read again. */
export function Announcer() {
  const { message, id } = useAnnouncer();
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      <span key={id}>{message}</span>
    </div>
  );
}
