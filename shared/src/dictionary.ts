import type { CodeTree } from './contract/reference.ts';

/** docs/calls.md, reference data: the colour tag cycles through these 7 colours by index. */
export const TAG_COLOURS = ['blue', 'green', 'orange', 'red', 'pink', 'cyan', 'purple'] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

export const tagColour = (index: number): TagColour => {
  const n = TAG_COLOURS.length;
  return TAG_COLOURS[((Math.trunc(index) % n) + n) % n]!;
};

export interface CodeLabel {
  label: string;
  colour: TagColour;
}

/**
 * The label and colour tag of `code` inside the list `typeCode`. The colour follows the
 * item's position in its list, so a status keeps its colour wherever it is shown.
 * Unknown codes fall back to the code itself so nothing renders blank.
 */
export const codeLabel = (lists: readonly CodeTree[], typeCode: string, code: string): CodeLabel => {
  const list = lists.find((l) => l.code === typeCode);
  const index = list?.children.findIndex((c) => c.code === code) ?? -1;
  if (!list || index < 0) return { label: code, colour: tagColour(0) };
  return { label: list.children[index]!.name, colour: tagColour(index) };
};
