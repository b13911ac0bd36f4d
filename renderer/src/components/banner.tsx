import { viewStatus } from '../../../domain/views/status-view';
import { screenTimeZone } from '../money';
import { useNow, type Status } from '../hooks';
import { useWords } from '../words';

/** One line that says whether sales are reaching the platform, and what to do if not. */
export function Banner({ status }: { status: Status | undefined }) {
  const now = useNow();
  const words = useWords();
  if (!status)
    return (
      <div class="banner banner-unknown" role="status">
        {words.t('sync.banner.connecting')}
      </div>
    );
  const view = viewStatus(status, now, screenTimeZone(), words);
  // The sandbox has its own colour while all is well, so nobody mistakes it for the platform.
  const colour = view.tone === 'ok' && view.sandbox ? 'sandbox' : view.tone;
  return (
    <div
      class={`banner banner-${colour}`}
      role="status"
      data-state={view.tone}
      data-link={view.link}
    >
      {view.sandbox && <strong class="sandbox-label">{words.t('sync.banner.sandbox')} </strong>}
      {view.headline}
    </div>
  );
}
