import yauzl from 'yauzl';

/**
 * An xlsx file is a zip. Before a spreadsheet library inflates it, every entry is inflated here
 * once with a running count (yauzl also refuses an entry whose bytes differ from the size its
 * directory declares), so a zip bomb (a small file that inflates to gigabytes) is stopped at
 * `maxTotalBytes` instead of filling the memory.
 */
export type ZipVerdict = 'ok' | 'notZip' | 'tooBig';

/** An entry of the archive: its name and where its local record (header, data) starts. */
export interface ZipEntryAt {
  name: string;
  offset: number;
}

/** The verdict, and when it is 'ok', the archive's entries in the order of its directory. */
export const inflatedWithin = (
  bytes: Buffer,
  maxTotalBytes: number,
  maxEntries = 1000,
): Promise<{ verdict: ZipVerdict; entries: ZipEntryAt[] }> =>
  new Promise((resolve) => {
    const seen: ZipEntryAt[] = [];
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve({ verdict: 'notZip', entries: [] });
      let total = 0;
      let settled = false;
      const done = (verdict: ZipVerdict) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve({ verdict, entries: verdict === 'ok' ? seen : [] });
      };
      zip.on('error', () => done('notZip'));
      zip.on('end', () => done('ok'));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (seen.length >= maxEntries) return done('tooBig');
        seen.push({ name: entry.fileName, offset: entry.relativeOffsetOfLocalHeader });
        // What the directory declares is checked first: most bombs say so themselves.
        if (total + entry.uncompressedSize > maxTotalBytes) return done('tooBig');
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return done('notZip');
          stream.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > maxTotalBytes) {
              stream.destroy();
              done('tooBig');
            }
          });
          stream.on('error', () => done('notZip'));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
