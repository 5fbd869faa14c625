import type { CategoryNode } from '@mall/shared/contract/catalogue';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, ChevronRightIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { FacetSection } from './SearchFacets.tsx';
import { useCategoryTree } from './use-catalogue.ts';

interface CategoryTreeProps {
  /** The chosen category, if any. */
  selectedId: number | null;
  /** Its path from the top level (ids), to open the tree down to it. */
  pathIds: readonly number[];
  /** Where a category leads (the category page for that category). */
  hrefFor: (id: number | null) => string;
}

function TreeLevel({
  nodes,
  depth,
  selectedId,
  open,
  toggle,
  hrefFor,
}: {
  nodes: readonly CategoryNode[];
  depth: number;
  selectedId: number | null;
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
  hrefFor: (id: number | null) => string;
}) {
  return (
    <ul className={depth === 0 ? '-mx-2 flex flex-col' : 'ml-3 flex flex-col border-l border-line pl-1.5'}>
      {nodes.map((node) => {
        const expanded = open.has(node.id);
        const hasChildren = node.children.length > 0;
        const selected = node.id === selectedId;
        return (
          <li key={node.id}>
            <div className="flex items-center">
              <Link
                to={hrefFor(node.id)}
                aria-current={selected ? 'page' : undefined}
                className={`focus-ring min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-sm transition ${selected ? 'bg-brand-soft font-semibold text-brand' : depth === 0 ? 'font-medium text-ink hover:text-brand' : 'text-ink/80 hover:text-brand'}`}
              >
                {node.name}
              </Link>
              {hasChildren ? (
                <button
                  type="button"
                  onClick={() => toggle(node.id)}
                  aria-expanded={expanded}
                  aria-label={`${expanded ? 'Hide' : 'Show'} ${node.name} sub-categories`}
                  className="focus-ring flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-gray-50 hover:text-brand"
                >
                  {expanded ? <ChevronDownIcon size={15} /> : <ChevronRightIcon size={15} />}
                </button>
              ) : null}
            </div>
            {hasChildren && expanded ? (
              <TreeLevel
                nodes={node.children}
                depth={depth + 1}
                selectedId={selectedId}
                open={open}
                toggle={toggle}
                hrefFor={hrefFor}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The category page's tree: every category in three levels, opened down to the chosen one. */
export function CategoryTree({ selectedId, pathIds, hrefFor }: CategoryTreeProps) {
  const { data, isPending } = useCategoryTree();
  const [open, setOpen] = useState<Set<number>>(() => new Set(pathIds));
  const pathKey = pathIds.join(',');
  // Open the path of a newly chosen category (the shopper's own openings stay open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathKey stands for pathIds
  useEffect(() => {
    if (pathIds.length > 0) setOpen((prev) => new Set([...prev, ...pathIds]));
  }, [pathKey]);
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="card overflow-hidden">
      <FacetSection title="Categories">
        <Link
          to={hrefFor(null)}
          aria-current={selectedId === null ? 'page' : undefined}
          className={`focus-ring -mx-2 mb-1 block rounded-md px-2 py-1.5 text-sm transition ${selectedId === null ? 'bg-brand-soft font-semibold text-brand' : 'font-medium text-ink hover:text-brand'}`}
        >
          All Categories
        </Link>
        {isPending && !data ? (
          <div className="flex flex-col gap-3 py-1" aria-hidden="true">
            {[70, 85, 60, 75, 90, 65].map((w) => (
              <Skeleton key={w} className="h-3.5" style={{ width: `${w}%` }} />
            ))}
          </div>
        ) : (
          <nav aria-label="Category tree">
            <TreeLevel
              nodes={data ?? []}
              depth={0}
              selectedId={selectedId}
              open={open}
              toggle={toggle}
              hrefFor={hrefFor}
            />
          </nav>
        )}
      </FacetSection>
    </div>
  );
}
