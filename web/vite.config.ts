import { availableParallelism } from 'node:os';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { appConfigFromEnv, injectAppConfig } from '../shared/src/app-config.ts';

/** In dev, inject the runtime config the server injects in production (from the same variables). */
const devAppConfig = (): Plugin => ({
  name: 'mall-dev-app-config',
  apply: 'serve',
  transformIndexHtml: (html) => injectAppConfig(html, appConfigFromEnv(process.env)),
});

export default defineConfig({
  plugins: [
    // The JSX transform, and Fast Refresh in `npm run dev` (an edited component keeps its state).
    react(),
    tailwindcss(),
    devAppConfig(),
    // Brotli and gzip copies of the assets, served as they are by the server (no work per request).
    compression({ include: /\.(js|css|svg|json)$/, threshold: 1024, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true }, '/uploads': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs on, in one chunk of their own: it changes only when a
          // library does (long cached), and Rolldown no longer re-splits the entry into several
          // small shared chunks whenever a lazy page starts sharing a module with it.
          groups: [
            {
              name: 'vendor',
              // React (react, react-dom and its scheduler), the router, TanStack's query library
              // only (its virtual list, the order import's table, goes with the page that uses it,
              // not into every first visit), the stores and the toasts.
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|zustand|sonner)[\\/]/,
              priority: 2,
            },
            // The rest of what the entry imports statically stays in the entry chunk: without this
            // group Rolldown splits each small module a lazy page also imports (the API client, the
            // app config, the preload helper) into a chunk of its own, and every first visit pays a
            // request (about 1 KB of headers on the wire) for each.
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Each file keeps its own module state (the stores, the query client) in a VM context, while a
    // worker sets jsdom up once instead of for every file: 40 s against 78 s with 'forks'
    // (same load; 'isolate: false' is faster still but shares state, and 38 tests failed).
    pool: 'vmThreads',
    // Vitest's default is a core fewer than the machine has: one worker on the 2-core CI machine,
    // where two took the suite from 80 s to 47 s (same CPU time, load 4-6).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
