import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
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

/**
 * React's packages, served by Preact (preact/compat): the libraries written for React (React Router,
 * TanStack Query, Radix, React Hook Form, sonner) and the shop's components run on Preact, whose
 * download is a seventh of React's (about 9 KB against 66 KB compressed). Applies to the build, the
 * dev server and the unit tests alike. The types stay React's (@types/react).
 */
const reactOnPreact = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./preact/react.js', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

export default defineConfig({
  resolve: { alias: reactOnPreact },
  environments: {
    // Packages resolve to their ES module builds (Vite's own default for the browser), in the tests
    // too, where Vitest otherwise takes a package's CommonJS `main`, whose require('react') Node
    // would answer with React itself.
    client: { resolve: { mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'] } },
  },
  plugins: [
    // The JSX transform. React's Fast Refresh cannot update Preact's components, so it is left out:
    // in `npm run dev` an edit reloads the page.
    react({ refreshExclude: /./ }),
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
              // Preact (with its React layer, preact/compat, and the one hook it lacks: preact/react.js).
              // TanStack's query library only: its virtual list (the order import's table) goes
              // with the page that uses it, not into every first visit.
              test: /(node_modules[\\/](preact|react-router|@tanstack[\\/](react-query|query-core)|zustand|sonner)|web[\\/]preact)[\\/]/,
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
    // (2026-11-25, same load; 'isolate: false' is faster still but shares state, and 38 tests failed).
    pool: 'vmThreads',
    // Vitest's default is a core fewer than the machine has: one worker on the 2-core CI machine,
    // where two took the suite from 80 s to 47 s (same CPU time, 2026-11-25, load 4-6).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    include: ['test/**/*.test.{ts,tsx}'],
    // The libraries that import React run through Vite, so they too get Preact (`reactOnPreact`):
    // the tests render with what ships.
    server: {
      deps: {
        inline: [
          /node_modules[\\/](react-[^\\/]+|@radix-ui|@floating-ui[\\/]react-dom|@tanstack[\\/]react-[^\\/]+|@testing-library|@hookform|sonner|zustand|use-callback-ref|use-sidecar)[\\/]/,
        ],
      },
    },
    setupFiles: ['test/setup.ts'],
  },
});
