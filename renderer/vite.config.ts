import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The till UI: one page, built to renderer/dist, with relative asset paths so the same
// build loads in the desktop app (its own files) and from the loopback console.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
