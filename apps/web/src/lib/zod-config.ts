import { config } from 'zod/v4/core';

// zod compiles its object parsers with `new Function`, and even its probe for that is reported as a violation of the
// content security policy (no 'unsafe-eval'): the interpreted parsers are used instead (issue 16). This must run
// before any schema is built: the build imports this file first in every module that imports zod
// (build/contract-routes.ts) and puts it in zod's own chunk (vite.config.ts). The first load has no zod at all.
config({ jitless: true });
