import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { contentApi, contentKeys } from './content-api.ts';
import { useContentList } from './list-editor.tsx';
import { buttonClass, formClass, Outcome, primaryClass } from './shared-ui.tsx';

/**
 * The hot keywords the search box rotates through: counted from shoppers' searches. An operator
 * pins a keyword to a place (first, second…) or hides one that should never be offered.
 */
export function KeywordsEditor() {
  const [filter, setFilter] = useState('');
  const [applied, setApplied] = useState('');
  const list = useContentList(
    contentKeys.keywordsContaining(applied),
    () => contentApi.keywords(applied),
    'keywords',
    contentKeys.keywords,
  );
  const [pinWord, setPinWord] = useState('');
  const [pinPlace, setPinPlace] = useState('1');

  const pin = async (e: FormEvent) => {
    e.preventDefault();
    const place = Number(pinPlace);
    if (
      await list.save(
        () => contentApi.setKeyword(pinWord, { pinned: place }),
        `"${pinWord.trim().toLowerCase()}" is pinned at place ${place}.`,
      )
    )
      setPinWord('');
  };

  return (
    <div className="flex flex-col gap-6">
      <Outcome notice={list.notice} error={list.error} />
      <form
        aria-label="Find keywords"
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filter);
        }}
      >
        <TextField
          label="Keywords containing"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="w-80"
        />
        <button type="submit" className={`${buttonClass} mb-0.5 h-11`}>
          Find
        </button>
      </form>
      {list.data === null && !list.error && <p className="text-muted">Loading the keywords…</p>}
      {list.data?.length === 0 && (
        <p className="text-sm text-muted">
          No keyword has been searched yet{applied ? ` containing "${applied}"` : ''}.
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <table className="w-full max-w-3xl border-collapse text-left text-sm">
          <caption className="sr-only">Keywords, pinned first, then the most searched</caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-2">
                Keyword
              </th>
              <th scope="col">Searches</th>
              <th scope="col">Goods found</th>
              <th scope="col">Pinned at</th>
              <th scope="col">Shown</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((k) => (
              <tr key={k.keyword} className="border-b border-line" data-keyword={k.keyword}>
                <th scope="row" className="py-2 font-medium text-ink">
                  {k.keyword}
                </th>
                <td>{k.searchCount.toLocaleString('en-NZ')}</td>
                <td>{k.resultCount.toLocaleString('en-NZ')}</td>
                <td>{k.pinned ?? '—'}</td>
                <td>{k.hidden ? 'Hidden' : 'Yes'}</td>
                <td className="flex justify-end gap-2 py-2">
                  {k.pinned !== null && (
                    <button
                      type="button"
                      className={buttonClass}
                      onClick={() =>
                        void list.save(
                          () => contentApi.setKeyword(k.keyword, { pinned: null }),
                          `"${k.keyword}" is unpinned.`,
                        )
                      }
                    >
                      Unpin <span className="sr-only">{k.keyword}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() =>
                      void list.save(
                        () => contentApi.setKeyword(k.keyword, { hidden: !k.hidden }),
                        `"${k.keyword}" is ${k.hidden ? 'shown again' : 'hidden from hot keywords and suggestions'}.`,
                      )
                    }
                  >
                    {k.hidden ? 'Show' : 'Hide'} <span className="sr-only">{k.keyword}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={pin} className={`${formClass} max-w-md`} aria-labelledby="pin-title">
        <h2 id="pin-title" className="text-lg font-semibold text-ink">
          Pin a keyword
        </h2>
        <p className="text-sm text-muted">
          Pinned keywords come first in the search box, in their places, whatever shoppers search.
        </p>
        <TextField
          label="Keyword"
          value={pinWord}
          onChange={(e) => setPinWord(e.target.value)}
          maxLength={100}
          required
        />
        <TextField
          label="Place"
          type="number"
          min={1}
          max={100}
          value={pinPlace}
          onChange={(e) => setPinPlace(e.target.value)}
          required
        />
        <button type="submit" className={primaryClass} disabled={list.busy}>
          Pin keyword
        </button>
      </form>
    </div>
  );
}
