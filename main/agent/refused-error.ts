// A refusal thrown where no Result can go (an agent that cannot start): its message stays the
// English one for logs and stderr, and whoever shows it to a person says it from its key.
import type { AppError } from '../../domain/result.js';

export class RefusedError extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}
