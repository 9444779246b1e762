import type { HousekeepingJob } from './db/housekeeping.ts';
import type { ReferenceCheckers } from './http/references.ts';
import type { RouteDef } from './http/route.ts';

/**
 * What a module brings to the server, exported by its index.ts as `<module>Module`; server.ts lists the modules
 * once (MODULES) and takes their routes, reference checkers and clean-ups from there.
 */
export interface ServerModule {
  /** The module's folder name, as in contracts, server and web. */
  name: string;
  /** Its endpoints bound to use cases (a test checks every endpoint of the contracts is bound exactly once). */
  routes: RouteDef[];
  /** Checkers of the kinds of row it owns, that other inputs may reference (REF_KINDS in the contracts). */
  references?: ReferenceCheckers;
  /** Its share of the hourly clean-up (expired rows of its tables). */
  housekeeping?: HousekeepingJob[];
}
