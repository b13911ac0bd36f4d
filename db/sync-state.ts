// The sync engine's shared state row: the sending lease (one sender per database file),
// the authorization pause, resync requests, and the last success and error.
import type { TillDatabase } from './open.js';
import type { ConnectionState } from './schema.js';

export interface SyncStateRow {
  leaseOwner: string | null;
  leaseExpiresAt: number;
  connection: ConnectionState;
  pausedReason: string | null;
  pausedKeyHash: string | null;
  pausedAt: number | null;
  resyncRequestedAt: number;
  lastSuccessAt: number | null;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
  lastErrorAt: number | null;
  clockSkewMs: number | null;
  senderMode: 'platform' | 'sandbox' | null;
  senderBaseUrl: string | null;
}

const COLUMNS = {
  leaseOwner: 'lease_owner',
  leaseExpiresAt: 'lease_expires_at',
  connection: 'connection',
  pausedReason: 'paused_reason',
  pausedKeyHash: 'paused_key_hash',
  pausedAt: 'paused_at',
  resyncRequestedAt: 'resync_requested_at',
  lastSuccessAt: 'last_success_at',
  lastErrorCode: 'last_error_code',
  lastErrorMessage: 'last_error_message',
  lastErrorAt: 'last_error_at',
  clockSkewMs: 'clock_skew_ms',
  senderMode: 'sender_mode',
  senderBaseUrl: 'sender_base_url',
} as const satisfies Record<keyof SyncStateRow, string>;

const selectList = Object.entries(COLUMNS)
  .map(([field, column]) => `${column} as ${field}`)
  .join(', ');

export function createSyncState({ sqlite }: TillDatabase) {
  const read = sqlite.prepare(`select ${selectList} from sync_state where id = 1`);
  const takeLease = sqlite.prepare(`
    update sync_state set lease_owner = @owner, lease_expires_at = @expiresAt, updated_at = @now
    where id = 1 and (lease_owner is null or lease_owner = @owner or lease_expires_at < @now)`);
  const dropLease = sqlite.prepare(
    `update sync_state set lease_owner = null, lease_expires_at = 0 where id = 1 and lease_owner = ?`,
  );
  const updates = new Map<string, ReturnType<typeof sqlite.prepare>>();

  function update(fields: Partial<SyncStateRow>): void {
    const names = Object.keys(fields) as Array<keyof SyncStateRow>;
    if (names.length === 0) return;
    const signature = names.join(',');
    let statement = updates.get(signature);
    if (!statement) {
      const sets = names.map((name) => `${COLUMNS[name]} = @${name}`).join(', ');
      statement = sqlite.prepare(
        `update sync_state set ${sets}, updated_at = @updatedAt where id = 1`,
      );
      updates.set(signature, statement);
    }
    statement.run({ ...fields, updatedAt: Date.now() });
  }

  const acquire = sqlite.transaction((owner: string, now: number, ttlMs: number) => {
    const before = read.get() as SyncStateRow;
    const acquired = takeLease.run({ owner, expiresAt: now + ttlMs, now }).changes === 1;
    return { acquired, fresh: acquired && before.leaseOwner !== owner };
  });

  return {
    read: () => read.get() as SyncStateRow,
    update,
    /**
     * Takes or renews the lease. `fresh` says the lease was not ours a moment ago: any
     * sale still marked `sending` then belongs to a sender that is gone.
     */
    acquireLease: (owner: string, now: number, ttlMs: number) =>
      acquire.immediate(owner, now, ttlMs),
    releaseLease: (owner: string) => void dropLease.run(owner),
  };
}

export type SyncState = ReturnType<typeof createSyncState>;
