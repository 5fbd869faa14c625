import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { percentile, startBenchServer } from './server.ts';

const port = Number(process.env.BENCH_PORT ?? 3621);
const uploads = Number(process.env.BENCH_UPLOADS ?? 6);
const ROWS = 10_000;
const url = `http://127.0.0.1:${port}`;
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the 100,000-goods catalogue.');

const kb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** A sheet of 10,000 rows: codes of the catalogue (1% unknown, 2% listed twice), counts 1 to 12. */
const sheetOf = async (codes: string[], seed: number) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Order');
  sheet.addRow(['SKU code', 'Count', 'Note']);
  for (let i = 0; i < ROWS; i++) {
    const code =
      i % 100 === 7
        ? `KM9${seed}${i}-9`
        : i % 50 === 3 && i > 0
          ? codes[(seed * ROWS + i - 1) % codes.length]!
          : codes[(seed * ROWS + i) % codes.length]!;
    sheet.addRow([code, (i % 12) + 1, i % 10 === 0 ? 'reorder' : '']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};

const ping = async (n: number) => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(`${url}/api/sys/ping`)).arrayBuffer();
    times.push(performance.now() - t);
  }
  return times;
};

const main = async () => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { rows } = await db.query<{ code: string }>('select code from sku order by random() limit $1', [
    ROWS * (uploads + 1),
  ]);
  const goods = (await db.query<{ n: string }>('select count(*) as n from goods')).rows[0]!.n;
  const skus = (await db.query<{ n: string }>('select count(*) as n from sku')).rows[0]!.n;
  await db.end();
  const codes = rows.map((r) => r.code);
  const files = await Promise.all(Array.from({ length: uploads + 1 }, (_, i) => sheetOf(codes, i)));
  writeFileSync('/tmp/order-import-bench.xlsx', files[0]!);

  const server = await startBenchServer(port, { IMPORTS_PER_MINUTE: '100000', SEED_DEMO: 'false' });
  const pid = server.pid!;
  try {
    await ping(200); // warm
    const file = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'order.xlsx');
      return form;
    };
    // One upload to warm the code paths (not counted), then memory at rest.
    await (
      await fetch(`${url}/api/org/sale/good/app/import/query`, {
        method: 'POST',
        body: file(files[uploads]!),
      })
    ).arrayBuffer();
    await new Promise((r) => setTimeout(r, 2000));
    const restKb = kb(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // peak RSS from here
    const pingBefore = await ping(300);
    const server: number[] = [];
    const total: number[] = [];
    let summary = '';
    for (let i = 0; i < uploads; i++) {
      const t = performance.now();
      const res = await fetch(`${url}/api/org/sale/good/app/import/query`, {
        method: 'POST',
        body: file(files[i]!),
      });
      const body = (await res.json()) as { data: { summary: Record<string, number> } };
      total.push(performance.now() - t);
      const timing = res.headers.get('server-timing') ?? '';
      const durs = [...timing.matchAll(/dur=([\d.]+)/g)].map((m) => Number(m[1]));
      server.push(durs.reduce((a, b) => a + b, 0));
      summary = JSON.stringify(body.data.summary);
    }
    const peakKb = kb(pid, 'VmHWM');
    const pingAfter = await ping(300);
    const pings = [...pingBefore, ...pingAfter];
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `order import bench: ${ROWS.toLocaleString('en-US')}-row .xlsx (${(files[0]!.length / 1024).toFixed(0)} KB), catalogue of ${Number(goods).toLocaleString('en-US')} goods / ${Number(skus).toLocaleString('en-US')} SKUs, PostgreSQL`,
    );
    console.log(`last answer's summary: ${summary}`);
    console.log('| what | median | max |');
    console.log('|---|---|---|');
    console.log(
      `| server: file received to answer (read + check) | ${ms(percentile(server, 50))} | ${ms(Math.max(...server))} |`,
    );
    console.log(
      `| round trip (upload, check, 4 MB answer) | ${ms(percentile(total, 50))} | ${ms(Math.max(...total))} |`,
    );
    console.log(
      `| no-op /api/sys/ping, same run | ${ms(percentile(pings, 50))} | p99 ${ms(percentile(pings, 99))} |`,
    );
    console.log(
      `memory: at rest ${(restKb / 1024).toFixed(0)} MB, peak during the uploads ${(peakKb / 1024).toFixed(0)} MB, +${((peakKb - restKb) / 1024).toFixed(0)} MB`,
    );
  } finally {
    server.stop();
  }
};

await main();
