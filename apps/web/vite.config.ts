import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig } from 'vite';
import { contractRoutes } from './build/contract-routes.ts';
import { screenRoutesManifest } from './build/screen-routes.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.API_TARGET ?? 'http://localhost:3000';
const lib = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Two pages, built one after the other into dist/ (`npm run build`): the app (index.html), then, with `--mode login`,
 * the sign-in page (login.html, served by the server for GET /login). Built apart, the sign-in page holds only what it
 * uses: tree shaking sees its imports alone, and no chunk is shared with the app (issue 16: ≤ 100 KiB gzip of JS,
 * scripts/check-web-budget.mjs reads the manifests).
 */
function pageBuild(mode: string): BuildEnvironmentOptions {
  if (mode === 'login') {
    return {
      outDir: 'dist',
      emptyOutDir: false,
      sourcemap: true,
      manifest: '.vite/login-manifest.json',
      rolldownOptions: {
        input: fileURLToPath(new URL('login.html', import.meta.url)),
        // React apart: it changes with its releases only, so it stays cached when the page does.
        output: { codeSplitting: { groups: [{ name: 'react', test: lib('react|react-dom|scheduler') }] } },
      },
    };
  }
  return {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, which stay cached while the app changes; the first load needs each of
        // them. The libraries of some screens only (tables, dates, drag and drop…) stay with those screens.
        codeSplitting: {
          groups: [
            { name: 'react', test: lib('react|react-dom|scheduler'), priority: 40 },
            { name: 'router', test: lib('react-router'), priority: 30 },
            { name: 'query', test: lib('@tanstack[\\\\/](?:react-query|query-core)'), priority: 30 },
            { name: 'i18n', test: lib('i18next|react-i18next|i18next-resources-to-backend'), priority: 30 },
            // Mantine's menus, selects and tooltips only (not in the first load): in a chunk of its own, else the
            // automatic split put it beside a module the first load needs (DirectionProvider) and loaded it.
            { name: 'floating-ui', test: lib('@floating-ui'), priority: 20 },
            // With zod, the setting that keeps it from compiling code (zod-config.ts, imported first by every module that
            // imports zod: build/contract-routes.ts).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$/, priority: 30 },
            // Issue 16, the number of files: Lighthouse's phone pays a round trip (150 ms) for every few requests, and a
            // screen loaded 60 to 140 files, most under 2 KiB (one Mantine component, one icon, one helper), the split
            // made for each set of screens sharing a module. Now: what the first load runs beside the libraries above
            // is one chunk (its modules only, not their dependencies: those stay in their groups); what four screens or
            // more share is one chunk of libraries and one of the app's code, loaded with the first of them (the
            // header's controls). A screen loads 15 to 31 files instead of 58 to 139 (docs/PERFORMANCE.md).
            { name: 'start', tags: ['$initial'], includeDependenciesRecursively: false, priority: 10 },
            { name: 'ui-common', test: /node_modules[\\/]/, minShareCount: 4, includeDependenciesRecursively: false, priority: 5 },
            { name: 'app-common', test: /src[\\/]/, minShareCount: 4, includeDependenciesRecursively: false, priority: 4 },
          ],
        },
      },
      treeshake: {
        // Files of a module have no import-time side effects (components, hooks, queries, keys): the router imports
        // each module's index.ts for its page loaders, and that must not pull the module's screens into the first load.
        moduleSideEffects: (id, external) => (!external && id.includes('/src/modules/') ? false : undefined),
      },
    },
  };
}

export default defineConfig(({ mode }) => ({
  root,
  // The app's build also writes each screen's modules by route (.vite/screens.json), for the server's modulepreload.
  plugins: [
    contractRoutes(),
    react(),
    ...(mode === 'login' ? [] : [screenRoutesManifest(fileURLToPath(new URL('src/app/router.tsx', import.meta.url)), root)]),
  ],
  build: pageBuild(mode),
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: false },
      '/login': { target, changeOrigin: false, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
    },
  },
}));
