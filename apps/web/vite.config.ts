import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // Files of a module have no import-time side effects (components, hooks, queries, keys): the router imports
        // each module's index.ts for its page loaders, and that must not pull the module's queries into the sign-in bundle.
        moduleSideEffects: (id, external) => (!external && id.includes('/src/modules/') ? false : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: false },
      '/login': { target, changeOrigin: false, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
    },
  },
});
