import { type AdminGood, centsOfDollars, dollarsOfCents, type GoodInput } from './catalogue-api.ts';

/** The good editor's draft: what its fields hold, and how it becomes the input the server takes. */

export interface PromotionDraft {
  price: string;
  startsAt: string;
  endsAt: string;
}

export interface SkuDraft {
  id?: number;
  code: string;
  values: string[];
  retail: string;
  wholesale: string;
  club: string;
  maxCount: string;
  promotions: PromotionDraft[];
}

export interface Draft {
  name: string;
  brand: string;
  categoryId: string;
  supplierId: string;
  description: string;
  pictures: string[];
  optionNames: string;
  skus: SkuDraft[];
}

export type Errors = Record<string, string>;

export const emptySku = (options: number): SkuDraft => ({
  code: '',
  values: Array(options).fill(''),
  retail: '',
  wholesale: '',
  club: '',
  maxCount: '',
  promotions: [],
});

export const EMPTY_DRAFT: Draft = {
  name: '',
  brand: '',
  categoryId: '',
  supplierId: '',
  description: '',
  pictures: [],
  optionNames: '',
  skus: [emptySku(0)],
};

/** "YYYY-MM-DDTHH:MM" in the browser's time zone, as a datetime-local input shows it. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const draftOf = (g: AdminGood): Draft => ({
  name: g.name,
  brand: g.brand,
  categoryId: String(g.categoryId),
  supplierId: String(g.supplierId),
  description: g.description,
  pictures: g.pictures,
  optionNames: g.optionNames.join(', '),
  skus: g.skus.map((s) => ({
    id: s.id,
    code: s.code,
    values: g.optionNames.map((n) => s.options[n] ?? ''),
    retail: dollarsOfCents(s.retailCents),
    wholesale: dollarsOfCents(s.wholesaleCents),
    club: dollarsOfCents(s.clubCents),
    maxCount: s.maxCount === null ? '' : String(s.maxCount),
    promotions: s.promotions.map((p) => ({
      price: dollarsOfCents(p.priceCents),
      startsAt: localInput(p.startsAt),
      endsAt: localInput(p.endsAt),
    })),
  })),
});

export const optionNamesOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The input the server takes, or the fields that are wrong (named as the server names them). */
export const inputOf = (d: Draft): { input: GoodInput } | { errors: Errors } => {
  const errors: Errors = {};
  const optionNames = optionNamesOf(d.optionNames);
  if (d.name.trim().length < 2) errors.name = 'Give the good a name of at least 2 characters.';
  if (!d.categoryId) errors.categoryId = 'Choose a category.';
  if (!d.supplierId) errors.supplierId = 'Choose a supplier.';
  if (optionNames.length > 3) errors.optionNames = 'At most 3 options.';
  const money = (key: string, text: string, min: number) => {
    const cents = centsOfDollars(text);
    if (cents === null || cents < min) {
      errors[key] =
        min > 0 ? 'Enter a price such as 19.99.' : 'Enter an amount such as 19.99 (0 is allowed).';
      return 0;
    }
    return cents;
  };
  const skus = d.skus.map((s, i) => {
    const retailCents = money(`skus.${i}.retailCents`, s.retail, 1);
    const wholesaleCents = money(`skus.${i}.wholesaleCents`, s.wholesale, 0);
    const clubCents = money(`skus.${i}.clubCents`, s.club, 0);
    if (!errors[`skus.${i}.wholesaleCents`] && wholesaleCents > retailCents)
      errors[`skus.${i}.wholesaleCents`] = 'Must not be more than the retail price.';
    if (!errors[`skus.${i}.clubCents`] && clubCents > retailCents)
      errors[`skus.${i}.clubCents`] = 'Must not be more than the retail price.';
    const options: Record<string, string> = {};
    optionNames.forEach((n, j) => {
      const v = (s.values[j] ?? '').trim();
      if (!v) errors[`skus.${i}.options`] = `Give every option a value (${n}).`;
      options[n] = v;
    });
    let maxCount: number | null = null;
    if (s.maxCount.trim()) {
      maxCount = Number(s.maxCount);
      if (!Number.isInteger(maxCount) || maxCount < 1)
        errors[`skus.${i}.maxCount`] = 'A whole number, 1 or more.';
    }
    const promotions = s.promotions.map((p, k) => {
      const priceCents = money(`skus.${i}.promotions.${k}.priceCents`, p.price, 1);
      const starts = new Date(p.startsAt);
      const ends = new Date(p.endsAt);
      if (Number.isNaN(starts.getTime()) || Number.isNaN(ends.getTime()) || starts >= ends)
        errors[`skus.${i}.promotions.${k}.endsAt`] = 'Give a start and an end after it.';
      return {
        priceCents,
        startsAt: Number.isNaN(starts.getTime()) ? '' : starts.toISOString(),
        endsAt: Number.isNaN(ends.getTime()) ? '' : ends.toISOString(),
      };
    });
    return {
      ...(s.id === undefined ? {} : { id: s.id }),
      ...(s.code.trim() ? { code: s.code.trim().toUpperCase() } : {}),
      options,
      retailCents,
      wholesaleCents,
      clubCents,
      maxCount,
      promotions,
    };
  });
  if (Object.keys(errors).length) return { errors };
  return {
    input: {
      name: d.name.trim(),
      brand: d.brand.trim(),
      categoryId: Number(d.categoryId),
      supplierId: Number(d.supplierId),
      description: d.description,
      pictures: d.pictures,
      optionNames,
      skus,
    },
  };
};

/** The error of `key` or of any field under it (skus.0.promotions.1.endsAt under skus.0.promotions). */
export const errorUnder = (errors: Errors, key: string) =>
  errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
