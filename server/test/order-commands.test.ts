import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run order:ship` and `npm run order:refund` the database way (docs/back-office.md:
 * commands): an owner named by OPERATOR_NAME acts on the configured database, audited as theirs.
 * The `--url` way is the journeys' (e2e/tests/orders.ts).
 */
const command = (server: TestServer, file: string, args: string[], operator: string) =>
  run(process.execPath, [`server/src/cli/${file}`, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-order-command-')),
      LOG_LEVEL: 'silent',
      OPERATOR_NAME: operator,
      ...ORDER_TEST_ENV,
    },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

// A second process needs a database it can reach: PostgreSQL only.
describe.skipIf(testDbKind !== 'postgres')('the order commands on the database (postgres)', () => {
  let server: TestServer;
  let paidOrder: () => Promise<string>;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: ORDER_TEST_ENV });
    const api = caller(server);
    const fx = await orderFixtures(server, 'OrderCommands');
    paidOrder = async () => {
      const h = bearer(await registerMember(server, 'retail'));
      const address = await api.address(h);
      const item = await api.add(h, fx.skus.kete, 1);
      const placed = await api.submit(h, { cartItemIds: [item.id], addressId: address.id });
      expect((await api.pay(h, placed.body.data.id)).res.statusCode).toBe(303);
      return placed.body.data.orderNo;
    };
  });
  afterAll(() => server.close());

  const orderRow = async (orderNo: string) =>
    (
      (await server.database.db.execute(
        sql`select status, pay_status, tracking_no from sale_order where order_no = ${orderNo}`,
      )) as unknown as { rows: { status: number; pay_status: number; tracking_no: string | null }[] }
    ).rows[0]!;
  const auditOf = async (orderNo: string) =>
    (
      (await server.database.db.execute(
        sql`select a.action, o.name from audit_log a join operator o on o.id = a.operator_id
            where a.subject = ${`order ${orderNo}`} order by a.id`,
      )) as unknown as { rows: { action: string; name: string }[] }
    ).rows;

  it('ships a paid order as the owner named, and refunds another, each audited as theirs', async () => {
    const owner = await signInOperator(server, 'owner');
    const [toShip, toRefund] = [await paidOrder(), await paidOrder()];

    const shipped = await command(server, 'ship-order.ts', [toShip, '--tracking', 'NZ777'], owner.name);
    expect(shipped, shipped.err).toMatchObject({ code: 0 });
    expect(shipped.out).toContain(`order ${toShip} is marked shipped (tracking NZ777)`);
    expect(await orderRow(toShip)).toEqual({
      status: Number(ORDER_STATUS.shipped),
      pay_status: Number(PAY_STATUS.paid),
      tracking_no: 'NZ777',
    });
    expect(await auditOf(toShip)).toEqual([{ action: 'order.ship', name: owner.name }]);

    const refunded = await command(server, 'refund-order.ts', [toRefund], owner.name);
    expect(refunded, refunded.err).toMatchObject({ code: 0 });
    expect(refunded.out).toContain(`order ${toRefund} is cancelled and refunded`);
    expect((await orderRow(toRefund)).status).toBe(Number(ORDER_STATUS.cancelled));
    expect(await auditOf(toRefund)).toEqual([{ action: 'order.refund', name: owner.name }]);
  });

  // Each command is a process that loads the server's modules (about 3 s of CPU): one refusal.
  it('refuses an operator who is not an owner, changing nothing', async () => {
    const support = await signInOperator(server, 'support');
    const orderNo = await paidOrder();

    const notOwner = await command(server, 'ship-order.ts', [orderNo], support.name);
    expect(notOwner).toMatchObject({ code: 2 });
    expect(notOwner.err).toContain(`Operator ${support.name} is not an owner.`);
    expect((await orderRow(orderNo)).status).toBe(Number(ORDER_STATUS.toShip));
    expect(await auditOf(orderNo)).toEqual([]);
  });
});
