import { BRAND_BAR_MAX, SUB_CATEGORIES_MAX, THIRD_LEVEL_MAX } from '@mall/shared/constants';
import type { CategoryNode } from '@mall/shared/contract/catalogue';

/** docs/limits.md, mega menu: 248 px per column, 6 items per column, at most 3 columns. */
export const MEGA_COLUMN_WIDTH_PX = 248;
export const MEGA_ITEMS_PER_COLUMN = 6;
export const MEGA_MAX_COLUMNS = 3;

/**
 * The width of the mega panel's sub-category area for `count` sub-categories:
 * min(ceil(count / 6), 3) columns of 248 px (one column when there are none).
 */
export const megaPanelWidth = (count: number): number =>
  Math.min(Math.max(Math.ceil(count / MEGA_ITEMS_PER_COLUMN), 1), MEGA_MAX_COLUMNS) * MEGA_COLUMN_WIDTH_PX;

/** The top-level categories of the brand bar (at most 10). */
export const brandBarCategories = (tree: readonly CategoryNode[]) => tree.slice(0, BRAND_BAR_MAX);

/** The sub-categories listed on the left of a top-level category's panel (at most 10). */
export const panelSubCategories = (top: CategoryNode) => top.children.slice(0, SUB_CATEGORIES_MAX);

/**
 * The third-level categories pictured on the right (at most 24): those of one sub-category when
 * one is pointed at, otherwise taken in turn from each listed sub-category so every one of
 * them is represented.
 */
export const panelThirdLevel = (top: CategoryNode, sub?: CategoryNode): CategoryNode[] => {
  if (sub) return sub.children.slice(0, THIRD_LEVEL_MAX);
  const lists = panelSubCategories(top).map((s) => s.children);
  const out: CategoryNode[] = [];
  for (let i = 0; out.length < THIRD_LEVEL_MAX && lists.some((l) => i < l.length); i += 1) {
    for (const list of lists) {
      const node = list[i];
      if (node && out.length < THIRD_LEVEL_MAX) out.push(node);
    }
  }
  return out;
};

/**
 * The brand bar's label for a top-level category: the name up to its first '&', 'and' or comma
 * ('Clothing & Footwear' -> 'Clothing'), so ten categories fit one bar on any system font. The
 * full name stays the link's accessible name and tooltip and heads its panel.
 */
export const barLabel = (name: string): string => {
  const short = name.split(/\s*(?:&|,|\band\b)\s*/i)[0]?.trim();
  return short || name;
};

/** The top-level category whose subtree holds `id` (the bar marks it while its goods are shown). */
export const topLevelOf = (tree: readonly CategoryNode[], id: number | null): CategoryNode | undefined => {
  if (id === null) return undefined;
  const holds = (node: CategoryNode): boolean => node.id === id || node.children.some(holds);
  return tree.find(holds);
};
