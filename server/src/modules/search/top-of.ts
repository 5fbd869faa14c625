/**
 * Items `offset` to `offset + limit` of `xs` in `compare` order, without sorting all of them: a
 * bounded max-heap keeps the best `offset + limit` seen so far.
 */
export const topOf = (
  xs: ArrayLike<number> & Iterable<number>,
  offset: number,
  limit: number,
  compare: (a: number, b: number) => number,
): number[] => {
  const k = offset + limit;
  if (offset >= xs.length || limit <= 0) return [];
  if (k >= xs.length / 4) return Array.from(xs).sort(compare).slice(offset, k);
  // heap[0] is the worst of the best k.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compare(heap[i]!, heap[parent]!) <= 0) return;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && compare(heap[l]!, heap[worst]!) > 0) worst = l;
      if (r < heap.length && compare(heap[r]!, heap[worst]!) > 0) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (const x of xs) {
    if (heap.length < k) {
      heap.push(x);
      up(heap.length - 1);
    } else if (compare(x, heap[0]!) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(compare).slice(offset, k);
};
