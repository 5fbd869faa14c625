import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain-Node script of the project's own commands, without type declarations
import { judgeAudit } from '../../../scripts/audit-report.mjs';

const report = (vulnerabilities: Record<string, unknown>, counts: Record<string, number>) =>
  JSON.stringify({ vulnerabilities, metadata: { vulnerabilities: counts } });

describe('npm run audit', () => {
  it('passes with a notice when the advisory service does not answer', () => {
    const out = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    const judged = judgeAudit(out, 'npm error audit endpoint returned an error');
    expect(judged.ok).toBe(true);
    expect(judged.lines[0]).toContain('did not answer (405 Method Not Allowed');
    expect(judgeAudit('', 'npm error network ENOTFOUND registry.npmjs.org').lines[0]).toContain('ENOTFOUND');
  });

  it('fails on a high or critical advisory it received, naming it', () => {
    const judged = judgeAudit(
      report(
        {
          fastify: {
            name: 'fastify',
            severity: 'high',
            range: '<5.3.2',
            via: [{ title: 'Content-Type bypass', url: 'https://github.com/advisories/GHSA-x' }],
            fixAvailable: true,
          },
          ms: { name: 'ms', severity: 'moderate', range: '<2', via: ['x'], fixAvailable: false },
        },
        { low: 0, moderate: 1, high: 1, critical: 0 },
      ),
      '',
    );
    expect(judged.ok).toBe(false);
    expect(judged.lines[0]).toBe(
      '  high: fastify <5.3.2: Content-Type bypass (https://github.com/advisories/GHSA-x) [fix available]',
    );
    expect(judged.lines.at(-1)).toContain('1 high or critical advisories');
  });

  it('passes a report with only moderate and low advisories', () => {
    expect(judgeAudit(report({}, { low: 2, moderate: 1, high: 0, critical: 0 }), '').ok).toBe(true);
  });
});
