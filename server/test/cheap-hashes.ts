import { cheapPasswordHashesForTests } from '../src/lib/passwords.ts';

// Run before each file of the server suite (vitest.config.ts): cheap password hashes, since the
// suite makes hundreds. password-cost.test.ts asserts the real cost, login-flood.test.ts runs at it.
cheapPasswordHashesForTests(true);
