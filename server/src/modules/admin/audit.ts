import type { AuditEntry as AuditEntryShown } from '@mall/shared/contract/admin/operator';
import type { AdminPageQuery, Page } from '@mall/shared/contract/admin/page';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aliased, columns } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { auditLog, operator } from './tables.ts';

/** One back-office change, written in the transaction `db` of the change itself. */
export interface AuditEntry {
  operatorId: number;
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export const recordAudit = async (db: Db, e: AuditEntry) => {
  await db.execute(
    sql`insert into audit_log (operator_id, action, subject, before, after)
        values (${e.operatorId}, ${e.action}, ${e.subject}, ${json(e.before)}::jsonb, ${json(e.after)}::jsonb)`,
  );
};

const a = aliased(auditLog, 'a');
const auditColumns = columns({
  id: a.id,
  at: a.at,
  operator_id: a.operatorId,
  operator_name: aliased(operator, 'o').name,
  action: a.action,
  subject: a.subject,
  before: a.before,
  after: a.after,
});
/** How many changes the log holds: a 64-bit count, text from node-postgres. */
const auditCount = columns({ n: sql<string | number>`count(*)` });

/** The newest changes first, a page of `pageSize`. */
export const readAudit = async (
  db: Db,
  { pageNum, pageSize }: AdminPageQuery,
): Promise<Page<AuditEntryShown>> => {
  const rows = await rowsOf(
    db,
    auditColumns.query`select ${auditColumns}
        from audit_log a join operator o on o.id = a.operator_id
        order by a.id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`,
  );
  const [count] = await rowsOf(db, auditCount.query`select ${auditCount} from audit_log`);
  const records = rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    operatorId: r.operator_id,
    operatorName: r.operator_name,
    action: r.action,
    subject: r.subject,
    before: r.before ?? null,
    after: r.after ?? null,
  }));
  return { records, total: Number(count!.n), pageNum, pageSize };
};

/** What an audited change answers: its result, and what the audit log says of it. */
export interface AuditedChange<T> {
  result: T;
  subject: string;
  before?: unknown;
  after?: unknown;
}

/** Runs `change` in one transaction with its audit row, so neither is kept without the other. */
export const auditedChange = <T>(
  db: Db,
  operatorId: number,
  action: string,
  change: (tx: Db) => Promise<AuditedChange<T>>,
): Promise<T> =>
  db.transaction(async (tx) => {
    const done = await change(tx);
    await recordAudit(tx, {
      operatorId,
      action,
      subject: done.subject,
      before: done.before,
      after: done.after,
    });
    return done.result;
  });
