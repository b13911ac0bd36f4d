// How the UI reaches the agent: in the desktop app, the functions the preload exposes
// (Electron IPC); in a browser, the loopback console over HTTP and server-sent events.
// Either way the same contract, imported for its types only.
import type {
  ContractResult,
  EventName,
  EventPayload,
  MethodName,
  TillsyncApi,
} from '../../main/contract/contract';
import { apiFrom } from '../../main/contract/api-from';
import { said } from '../../domain/i18n/said';

declare global {
  interface Window {
    tillsync?: TillsyncApi;
  }
}

// The console's page secret (see main/console/sessions.ts): handed over once in the
// address's fragment, kept for this tab only, sent with every call. Never in a cookie.
const SECRET_KEY = 'tillsync-session';
function pageSecret(): string {
  const handed = /(?:^#|&)session=([\w-]+)/.exec(window.location.hash)?.[1];
  if (handed) {
    sessionStorage.setItem(SECRET_KEY, handed);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(SECRET_KEY) ?? '';
}

function consoleApi(): TillsyncApi {
  const secret = pageSecret();
  async function call(method: MethodName, input: unknown): Promise<ContractResult<unknown>> {
    try {
      const response = await fetch(`api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tillsync-session': secret },
        body: JSON.stringify(input ?? {}),
        credentials: 'same-origin',
      });
      if (response.status === 401) {
        return {
          ok: false,
          error: { code: 'unauthorized', ...said('common.api.unauthorized') },
        };
      }
      return (await response.json()) as ContractResult<unknown>;
    } catch {
      return {
        ok: false,
        error: { code: 'unreachable', ...said('common.api.unreachable') },
      };
    }
  }

  let source: EventSource | undefined;
  function on<E extends EventName>(
    event: E,
    listener: (payload: EventPayload<E>) => void,
  ): () => void {
    source ??= new EventSource(`api/events?session=${encodeURIComponent(secret)}`);
    const handler = (message: MessageEvent<string>) =>
      listener(JSON.parse(message.data) as EventPayload<E>);
    source.addEventListener(event, handler as EventListener);
    return () => source?.removeEventListener(event, handler as EventListener);
  }

  // Every method of the contract is a POST to api/<name>.
  return apiFrom(call, on);
}

export const api: TillsyncApi = window.tillsync ?? consoleApi();
