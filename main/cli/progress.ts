// A one-line progress bar on a terminal's stderr; nothing at all when not a terminal.

export function progressBar(total: number, label: string) {
  const stream = process.stderr;
  const enabled = stream.isTTY && total > 0;
  let done = 0;
  function draw(): void {
    if (!enabled) return;
    const width = 30;
    const filled = Math.round((Math.min(done, total) / total) * width);
    stream.write(
      `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`,
    );
  }
  draw();
  return {
    tick(): void {
      done += 1;
      draw();
    },
    /** Jumps to a count (for work measured as a fraction, like pages copied). */
    set(count: number): void {
      done = count;
      draw();
    },
    finish(): void {
      if (enabled) stream.write('\n');
    },
  };
}
