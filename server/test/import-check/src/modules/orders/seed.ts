import { demoNames } from '../../../seed/names.ts';

// Allowed: a module's seed set reads the demo data.
export const demoOrderNames = demoNames;
