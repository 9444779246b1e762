import { config } from 'zod/v4/core';

// zod compiles its object parsers with `new Function`, and even its probe for that is reported as a violation of the
// content security policy (no 'unsafe-eval'): the interpreted parsers are used instead (issue 16). This must run
// before any schema is built, so main.tsx imports this file first, and the build puts it in zod's own chunk
// (vite.config.ts), which runs before any chunk that builds schemas.
config({ jitless: true });
