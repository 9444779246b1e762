import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: false },
      '/login': { target, changeOrigin: false, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
    },
  },
});
