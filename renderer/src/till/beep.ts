// A short low tone for a scan that matched nothing, so a cashier looking at the customer
// hears it. Sound is a courtesy: where the page may not play it, the notice alone remains.
let context: AudioContext | undefined;

export function beep(): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 220;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.25);
  } catch {
    // No audio device, or autoplay refused.
  }
}
