// What `npm audit --json` said, judged: no report (the service did not answer) passes with a
// notice; high or critical advisories in a report fail. Plain Node, no dependencies.

/**
 * @param {string} stdout what `npm audit --json` printed
 * @param {string} stderr its error output
 * @returns {{ ok: boolean, lines: string[] }}
 */
export const judgeAudit = (stdout, stderr) => {
  let report = null;
  try {
    report = JSON.parse(stdout);
  } catch {
    report = null;
  }
  if (!report?.metadata?.vulnerabilities) {
    const why = report?.message || report?.error?.summary || stderr.trim().split('\n').at(-1) || 'no answer';
    return {
      ok: true,
      lines: [`audit: the advisory service did not answer (${why}); nothing was checked, so nothing failed`],
    };
  }
  const counts = report.metadata.vulnerabilities;
  const found = Object.values(report.vulnerabilities ?? {}).filter(
    (v) => v.severity === 'high' || v.severity === 'critical',
  );
  const lines = found.map((v) => {
    const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} (${x.url})`)).join('; ');
    return `  ${v.severity}: ${v.name} ${v.range}: ${via}${v.fixAvailable ? ' [fix available]' : ''}`;
  });
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  lines.push(
    `audit: ${serious} high or critical advisories in production dependencies (${counts.moderate ?? 0} moderate and ${counts.low ?? 0} low not counted)`,
  );
  return { ok: serious === 0, lines };
};
