// People at the Sync screen who press Resync now at random moments, whatever the queue
// holds, and now and then twice within a millisecond (a double click): the second is a
// request of the very same wall time, which must still be a new one.
import { replaceKey, type WorldContext } from './world-events.js';

export function pressResyncAtRandom(context: WorldContext, count: number): void {
  const { world, random, till } = context;
  for (let i = 0; i < count; i++) {
    const at = Math.floor(random() * context.faultsUntil);
    const twice = random() < 0.3;
    world.schedule(at, null, () => {
      const press = () => till.resync((pid) => context.resynced(pid));
      if (!press()) return;
      world.log(`a person presses Resync now${twice ? ', twice' : ''}`);
      if (twice) press();
    });
  }
}

/**
 * The key is revoked, a person checks it (the queue pauses for it), and a process is killed
 * and started again while it is refused: the new one must keep the pause it finds in the
 * file, with a sale waiting. A new key comes later (or when the faults stop).
 */
export function revokeAndRestart(context: WorldContext, sell: () => void): void {
  const { world, random, till, platform } = context;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  const at = between(0, context.faultsUntil);
  const restartAfter = between(500, 5000);
  const replaceAfter = restartAfter + between(1000, 30_000);
  world.schedule(at, null, () => {
    const key = till.config.apiKey!;
    platform.revoke(key, random() < 0.5 ? 401 : 403);
    world.log('the platform refuses the key in use; a process will be restarted meanwhile');
    till.checkKey((problem) => context.watch.violations.push(problem));
    world.schedule(world.time + restartAfter, null, () => {
      const live = world.live().filter((process) => till.running.has(process.pid));
      const target = live[Math.floor(random() * live.length)];
      if (target && till.crash(target.pid, 'while its key is refused')) till.start(0);
      sell(); // a sale waits: the new process has something to send
    });
    world.schedule(Math.min(world.time + replaceAfter, context.faultsUntil), null, () =>
      replaceKey(context, key),
    );
  });
}
