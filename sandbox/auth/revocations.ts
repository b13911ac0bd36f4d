// Revoked keys, kept in the database and mirrored in memory for the request path.
import type { SandboxDb } from '../db/open.js';
import { revokedKeys } from '../db/schema.js';

export function createRevocations(db: SandboxDb) {
  const revoked = new Set(
    db
      .select({ jti: revokedKeys.jti })
      .from(revokedKeys)
      .all()
      .map((row) => row.jti),
  );
  return {
    isRevoked: (jti: string) => revoked.has(jti),
    revoke(jti: string): void {
      db.insert(revokedKeys).values({ jti, revokedAt: Date.now() }).onConflictDoNothing().run();
      revoked.add(jti);
    },
  };
}

export type Revocations = ReturnType<typeof createRevocations>;
