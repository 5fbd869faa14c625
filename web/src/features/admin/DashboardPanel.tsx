import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { useQuery } from '@tanstack/react-query';
import { adminApi, messageOf, operatorKeys } from './admin-api.ts';

const money = (cents: number) => formatPrice(fromCents(cents));
const when = (iso: string) => new Date(iso).toLocaleString('en-NZ');

function Figure({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <div className="rounded-xl border border-line bg-white p-5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-ink">{value}</dd>
      {detail && <dd className="mt-1 text-sm text-muted">{detail}</dd>}
    </div>
  );
}

/** The dashboard (owner, orders): today's and this week's figures, what needs doing, low stock. */
export function DashboardPanel() {
  const { data, error } = useQuery({ queryKey: operatorKeys.dashboard, queryFn: adminApi.dashboard });

  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-6">
      <h1 id="dashboard-title" className="text-xl font-semibold text-ink">
        Dashboard
      </h1>
      {error && (
        <p role="alert" className="text-sm text-accent">
          {messageOf(error, 'The dashboard could not be loaded.')}
        </p>
      )}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
            <Figure label="Orders today" value={String(data.today.orders)} />
            <Figure label="Takings today" value={money(data.today.takingsCents)} />
            <Figure label="Orders this week" value={String(data.week.orders)} />
            <Figure label="Takings this week" value={money(data.week.takingsCents)} />
            <Figure
              label="Waiting to ship"
              value={String(data.toShip.count)}
              detail={data.toShip.oldestPaidAt ? `oldest paid ${when(data.toShip.oldestPaidAt)}` : undefined}
            />
          </dl>

          <section aria-labelledby="closing-title">
            <h2 id="closing-title" className="mb-2 text-lg font-semibold text-ink">
              Unpaid orders closing within {data.closingWithinMinutes} minutes
            </h2>
            {data.closingSoon.length === 0 ? (
              <p className="text-sm text-muted">None.</p>
            ) : (
              <table className="w-full border-collapse text-left text-sm">
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="py-2">
                      Order
                    </th>
                    <th scope="col">Closes at</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {data.closingSoon.map((o) => (
                    <tr key={o.orderNo} className="border-b border-line">
                      <th scope="row" className="py-2 font-medium">
                        {o.orderNo}
                      </th>
                      <td>{when(o.payDeadline)}</td>
                      <td>{money(o.totalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section aria-labelledby="low-title">
            <h2 id="low-title" className="mb-2 text-lg font-semibold text-ink">
              Low stock ({data.lowStock.atMost} or fewer): {data.lowStock.total}
            </h2>
            {data.lowStock.list.length === 0 ? (
              <p className="text-sm text-muted">None.</p>
            ) : (
              <table className="w-full border-collapse text-left text-sm">
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="py-2">
                      Good
                    </th>
                    <th scope="col">SKU</th>
                    <th scope="col">Organisation</th>
                    <th scope="col">In stock</th>
                  </tr>
                </thead>
                <tbody>
                  {data.lowStock.list.map((r) => (
                    <tr key={`${r.skuId}-${r.orgId}`} className="border-b border-line">
                      <th scope="row" className="py-2 font-medium">
                        {r.goodsName}
                      </th>
                      <td>{r.skuCode}</td>
                      <td>{r.orgName}</td>
                      <td>{r.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {data.lowStock.total > data.lowStock.list.length && (
              <p className="mt-2 text-sm text-muted">
                The {data.lowStock.list.length} lowest of {data.lowStock.total} are shown.
              </p>
            )}
          </section>
        </>
      )}
    </section>
  );
}
