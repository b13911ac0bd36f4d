import type { Status } from '../hooks';

/** One line that says whether sales are reaching the platform, and what to do if not. */
export function Banner({ status }: { status: Status | undefined }) {
  if (!status)
    return (
      <div class="banner banner-unknown" role="status">
        Connecting to the Tillsync agent…
      </div>
    );
  const waiting = status.counts.pending + status.counts.sending;
  const { text, tone } = describe(status, waiting);
  return (
    <div class={`banner banner-${tone}`} role="status" data-state={tone}>
      {status.mode === 'sandbox' && (
        <strong class="sandbox-label">
          SANDBOX MODE: sales go to a local emulator, not your platform.{' '}
        </strong>
      )}
      {text}
    </div>
  );
}

function describe(status: Status, waiting: number): { text: string; tone: string } {
  if (status.mode === 'not_configured') {
    return {
      tone: 'warning',
      text: `No platform is set up: ${waiting} sale(s) are kept on this till. Add the address and key in Settings.`,
    };
  }
  if (status.connection === 'authorization') {
    return {
      tone: 'error',
      text: `Key rejected: the platform refused the API key, so sending is paused (${waiting} waiting). Enter a new key in Settings.`,
    };
  }
  if (status.connection === 'offline') {
    return {
      tone: 'warning',
      text: `Offline: the platform cannot be reached. Keep selling; ${waiting} sale(s) will be sent when it is back.`,
    };
  }
  const text = online(waiting, status.counts.conflict);
  return { tone: status.mode === 'sandbox' ? 'sandbox' : 'ok', text };
}

function online(waiting: number, refused: number): string {
  const sending =
    waiting > 0
      ? `sending ${waiting} sale(s)`
      : refused === 0
        ? 'every sale has been sent'
        : 'every other sale has been sent';
  const needsYou = refused === 0 ? '' : ` ${refused} refused sale(s) need you on the Sync screen.`;
  return `Online: ${sending}.${needsYou}`;
}
