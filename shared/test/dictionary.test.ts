import { describe, expect, it } from 'vitest';
import type { CodeTree } from '../src/contract/reference.ts';
import { codeLabel, TAG_COLOURS, tagColour } from '../src/dictionary.ts';

const lists: CodeTree[] = [
  {
    code: 'order_status',
    name: 'Order status',
    children: [
      { code: '0', name: 'Pending payment' },
      { code: '1', name: 'To ship' },
      { code: '2', name: 'Shipped' },
      { code: '3', name: 'Completed' },
      { code: '4', name: 'Cancelled' },
      { code: '5', name: 'Refunding' },
      { code: '6', name: 'Refunded' },
      { code: '7', name: 'Closed' },
    ],
  },
];

describe('dictionary labels and colour tags', () => {
  it('cycles through the 7 colours in spec order', () => {
    expect(TAG_COLOURS).toEqual(['blue', 'green', 'orange', 'red', 'pink', 'cyan', 'purple']);
    expect([0, 1, 6, 7, 13, 14].map(tagColour)).toEqual([
      'blue',
      'green',
      'purple',
      'blue',
      'purple',
      'blue',
    ]);
    expect(tagColour(-1)).toBe('purple');
  });
  it('gives the label and the colour of the item position', () => {
    expect(codeLabel(lists, 'order_status', '2')).toEqual({ label: 'Shipped', colour: 'orange' });
    expect(codeLabel(lists, 'order_status', '7')).toEqual({ label: 'Closed', colour: 'blue' });
  });
  it('falls back to the code for unknown lists and codes', () => {
    expect(codeLabel(lists, 'order_status', '99')).toEqual({ label: '99', colour: 'blue' });
    expect(codeLabel(lists, 'nope', 'x').label).toBe('x');
  });
});
