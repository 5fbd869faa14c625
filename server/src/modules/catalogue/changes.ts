/**
 * The catalogue's change count in this process. A back-office edit (goods, SKUs, prices,
 * promotions, publishing, stock) counts one after its transaction commits; every ReadCache and
 * SkuFactsCache of the process drops what it holds when it sees the count move, so the shop's next
 * read of anything is fresh. Another server process does not see the count: its caches are bounded
 * in age instead (ReadCache: ttl plus a short stale window), so it sees the change within seconds.
 */
let changes = 0;

export const catalogueChanges = (): number => changes;

export const noteCatalogueChanged = (): void => {
  changes += 1;
};
