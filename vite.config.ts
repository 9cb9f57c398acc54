import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

const backend = process.env.DEV_BACKEND_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: process.env.CLIENT_OUT_DIR ?? '../dist/client',
    emptyOutDir: true,
    // No source maps in the build: they would publish the full client sources (the server also
    // refuses *.map). `npm run size` builds its own copy with unreferenced maps to trace chunks.
    sourcemap: false,
    // Lets scripts/report-bundle-size.ts follow each route's chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is needed for the first render anyway: one
            // chunk for it compresses better than a dozen small shared ones.
            { name: 'app', tags: ['$initial'] },
            // Icons and small presentational pieces shared by several pages: one small chunk
            // instead of one request of a few hundred bytes each.
            {
              name: 'shared',
              minShareCount: 2,
              test: /client[\\/](components[\\/]ui[\\/](Badge|Card)|lib|hooks[\\/]useNow)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/_emulator': backend,
      '/ws': { target: backend, ws: true },
    },
  },
});
