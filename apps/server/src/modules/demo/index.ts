/*
 * Demo data (workflows, processes, boards, companies and accounts). A seeding script, not a feature: it writes the
 * rows of many modules' tables directly (imported from their <module>.tables.ts), in one system transaction on an
 * empty database, instead of going through each module's use cases (which need a signed-in caller, a company scope
 * and checks meant for people). Anything else of another module comes through its index.ts.
 */
export { seedDemoIfEmpty } from './seed-demo.ts';
