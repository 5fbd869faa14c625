import type { Introduce, IntroduceGroup } from '@mall/shared/contract/content';
import { Link, useSearchParams } from 'react-router';
import { isNotFound } from '../api/not-found.ts';
import { useIntroduceDetail, useIntroduceGroups, useServiceHighlights } from '../api/use-content.ts';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { LoadFailed } from '../components/EmptyState.tsx';
import { DocumentIcon } from '../components/icons.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { Skeleton } from '../components/Skeleton.tsx';
import { formatLongDate } from '../lib/format-date.ts';
import {
  HOME_PATH,
  parseId,
  STANDARD_TERMS_PATH,
  servicePageUrl,
  WHOLESALE_TERMS_PATH,
} from '../lib/routes.ts';
import { usePageTitle } from '../lib/use-document-title.ts';

/** The article's placeholder lines (widths in %, 0 is a paragraph break). */
const SKELETON_LINES = [100, 96, 88, 100, 72, 0, 92, 100, 64].map((width, id) => ({
  id: `line-${id}`,
  width,
}));

function PageLink({ page, currentId }: { page: Introduce; currentId: number | null }) {
  const current = page.id === currentId;
  return (
    <Link
      to={servicePageUrl(page.id)}
      aria-current={current ? 'page' : undefined}
      className={`focus-ring block border-l-[3px] px-5 py-2 text-sm transition ${current ? 'border-brand bg-brand-soft/40 font-semibold text-brand' : 'border-transparent text-ink hover:bg-gray-50 hover:text-brand'}`}
    >
      {page.title}
    </Link>
  );
}

/**
 * The left nav: the other pages of this page's group (a help group, or the service highlights);
 * every help group when the page belongs to none (e.g. not found).
 */
function GroupNav({ groupName, currentId }: { groupName: string | undefined; currentId: number | null }) {
  const { data, isPending } = useIntroduceGroups();
  const { data: highlights } = useServiceHighlights();
  const groups = data ?? [];
  const group: IntroduceGroup | undefined =
    groups.find((g) => g.children.some((c) => c.id === currentId)) ??
    groups.find((g) => g.name === groupName) ??
    (highlights?.some((h) => h.id === currentId)
      ? { id: 0, name: groupName ?? 'Our service', children: highlights }
      : undefined);
  const title = group?.name ?? 'Help centre';
  return (
    <nav aria-label={`${title} pages`} className="card sticky top-4 overflow-hidden">
      <h2 className="border-b border-line bg-brand-soft/60 px-5 py-3.5 text-sm font-semibold text-navy">
        {title}
      </h2>
      {isPending ? (
        <div className="flex flex-col gap-3 p-5" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-3.5 w-36" />
          ))}
        </div>
      ) : (
        <ul className="py-2">
          {group
            ? group.children.map((page) => (
                <li key={page.id}>
                  <PageLink page={page} currentId={currentId} />
                </li>
              ))
            : groups.map((g) => (
                <li key={g.id} className="pb-1">
                  <p className="px-5 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                    {g.name}
                  </p>
                  <ul>
                    {g.children.map((page) => (
                      <li key={page.id}>
                        <PageLink page={page} currentId={currentId} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
          {group || groups.length === 0 ? (
            <li className={group ? 'mt-1 border-t border-line pt-1' : ''}>
              <Link
                to={STANDARD_TERMS_PATH}
                className="focus-ring block px-5 py-2 text-sm text-muted hover:text-brand"
              >
                Terms & Conditions
              </Link>
            </li>
          ) : null}
          {!group && groups.length === 0 ? (
            <li>
              <Link
                to={WHOLESALE_TERMS_PATH}
                className="focus-ring block px-5 py-2 text-sm text-muted hover:text-brand"
              >
                Wholesale Terms
              </Link>
            </li>
          ) : null}
        </ul>
      )}
    </nav>
  );
}

function PageNotFound() {
  return (
    <NotFound
      icon={<DocumentIcon size={30} />}
      title="We couldn't find that page"
      description="The page may have moved or the link is incomplete. Our help topics are listed in the footer, or head back home."
      action={
        <Link to={HOME_PATH} className="btn-primary">
          Back to home
        </Link>
      }
    />
  );
}

/** A service/info page (docs/routes.md: /pages/home/html?id=): the shop's article with its group's pages beside it. */
export default function ServicePage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const { data, isPending, error, refetch, isFetching } = useIntroduceDetail(id);
  usePageTitle(data?.title);

  const notFound = id === null || isNotFound(error);
  const updated = data ? formatLongDate(data.updatedAt) : null;

  const trail = data
    ? [{ name: data.groupName }, { name: data.title }]
    : [{ name: notFound ? 'Page not found' : 'Help centre' }];

  return (
    <div className="container-page pt-5 pb-16" data-page="ServicePage">
      <Breadcrumb items={trail} />
      <div className="mt-6 grid grid-cols-[260px_1fr] items-start gap-8">
        <GroupNav groupName={data?.groupName} currentId={id} />
        <div className="min-w-0">
          {notFound ? (
            <PageNotFound />
          ) : error ? (
            <LoadFailed
              title="This page could not be loaded"
              retrying={isFetching}
              onRetry={() => void refetch()}
            />
          ) : isPending || !data ? (
            <article className="card px-12 py-10" aria-busy="true">
              <Skeleton className="h-8 w-2/3" />
              <Skeleton className="mt-3 h-3.5 w-40" />
              <div className="mt-8 flex flex-col gap-3">
                {SKELETON_LINES.map((line) =>
                  line.width ? (
                    <Skeleton key={line.id} className="h-3.5" style={{ width: `${line.width}%` }} />
                  ) : (
                    <div key={line.id} className="h-3" />
                  ),
                )}
              </div>
            </article>
          ) : (
            <article className="card px-12 py-10">
              <header className="mb-8 border-b border-line pb-6">
                <p className="text-xs font-semibold tracking-[0.14em] text-brand uppercase">
                  {data.groupName}
                </p>
                <h1 className="mt-2 text-[28px] leading-tight font-semibold tracking-tight text-navy">
                  {data.title}
                </h1>
                {data.summary ? <p className="mt-2 text-[15px] text-muted">{data.summary}</p> : null}
                {updated ? (
                  <p className="mt-3 text-xs text-muted">
                    Last updated <time dateTime={data.updatedAt}>{updated}</time>
                  </p>
                ) : null}
              </header>
              {/* The content is written by the shop and sanitised by the server (h2, p, ul, li, strong, a). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised shop content */}
              <div className="prose-shop" dangerouslySetInnerHTML={{ __html: data.content }} />
            </article>
          )}
        </div>
      </div>
    </div>
  );
}
