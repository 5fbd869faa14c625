// `npm run audit`: checks the production dependencies against the registry's security advisories
// and fails on any of high or critical severity. When the advisory service does not answer (it
// does not on the CI machines), it says so and passes: it fails only on advisories it received.
import { spawnSync } from 'node:child_process';
import { judgeAudit } from './audit-report.mjs';
import { log, root } from './lib.mjs';

const res = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, npm_config_update_notifier: 'false' },
});
const { ok, lines } = judgeAudit(res.stdout ?? '', res.stderr ?? '');
for (const line of lines) (line.startsWith('audit:') ? log : console.log)(line);
process.exit(ok ? 0 : 1);
