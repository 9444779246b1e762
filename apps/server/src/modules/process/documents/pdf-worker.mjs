// The entry of a PDF worker thread (pdf-renderer.ts). Plain JavaScript: a worker thread does not always have the
// TypeScript loader of the thread that started it (the server runs under tsx, the tests under vitest), so this one
// imports the TypeScript worker through tsx's own import, which loads TypeScript in this thread only.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./pdf-worker.ts', import.meta.url);

export default worker.default;
