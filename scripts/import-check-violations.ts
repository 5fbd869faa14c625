import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

// What the import check of `npm test` (.dependency-cruiser.mjs) refuses in a fixture tree: the
// tests of the check (server/test and web/test, import-check.test.ts) run one part's rules on it.
const repo = path.resolve(import.meta.dirname, '..');
const configFile = path.join(repo, '.dependency-cruiser.mjs');

type RuleSets = Record<'webRules' | 'serverRules', (src: string) => IForbiddenRuleType[]>;

/**
 * The violations of the rule set `rules` of .dependency-cruiser.mjs, run on `fixture` (a folder
 * from the repo root standing in for that part's `src`) and the folders `beside` it, with paths
 * relative to the fixture and sorted by rule, then importing file.
 */
export const violationsOf = async (fixture: string, rules: keyof RuleSets, beside: string[] = []) => {
  const config = (await import(configFile)) as RuleSets;
  const result = await cruise([fixture, ...beside], {
    baseDir: repo,
    validate: true,
    ruleSet: { forbidden: config[rules](fixture) },
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations
    .map((v) => ({
      rule: v.rule.name,
      from: path.relative(fixture, v.from),
      to: path.relative(fixture, v.to),
    }))
    .sort((a, b) => `${a.rule} ${a.from}`.localeCompare(`${b.rule} ${b.from}`));
};
