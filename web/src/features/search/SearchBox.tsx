import { HOT_KEYWORD_ROTATION_MS, SEARCH_BLUR_DELAY_MS, SUGGESTIONS_MAX } from '@mall/shared/constants';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons.tsx';
import { ALL_KEYWORD, keywordSearchUrl, SEARCH_PATH } from '../../lib/routes.ts';
import { useHotKeywords, useSuggestions } from './use-keywords.ts';

export const DEFAULT_PLACEHOLDER = 'Search goods, brands and suppliers';
/** Hot keywords offered as quick links under the box. */
const QUICK_LINKS_MAX = 6;

/** The next highlighted suggestion for Up (-1) or Down (+1), wrapping at both ends; -1 is none. */
export const cycleIndex = (current: number, step: 1 | -1, count: number): number => {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
};

/** The placeholder keyword, moving on to the next hot keyword every 5 s (docs/limits.md). */
const useRotatingKeyword = (keywords: readonly string[]): string | undefined => {
  const [tick, setTick] = useState(0);
  const count = keywords.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setTick((t) => t + 1), HOT_KEYWORD_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count]);
  return count > 0 ? keywords[tick % count] : undefined;
};

/** The suggestion with the typed words in bold where it starts with them. */
function Highlight({ text, words }: { text: string; words: string }) {
  const at = words ? text.toLowerCase().indexOf(words.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold text-navy">{text.slice(at, at + words.length)}</strong>
      {text.slice(at + words.length)}
    </>
  );
}

interface SearchBoxProps {
  /** Supplier mode: the chosen supplier; searches then carry both `supplier` and `keyword`. */
  supplier?: string | null;
  /** A control joined to the left of the box (supplier mode: the supplier dropdown). */
  scope?: ReactNode;
}

/**
 * The header search box (docs/routes.md: search box), a WAI-ARIA combobox with a list of suggestions.
 * - The placeholder rotates through the hot keywords every 5 s; Enter or the button searches,
 *   and an empty box searches the placeholder keyword (All Goods when there is none).
 * - Suggestions are asked for as the shopper types (at most 10, stale requests aborted);
 *   Up/Down cycle through them (wrapping), Enter picks the highlighted one, Escape closes
 *   the list and never empties the box.
 * - The focus state is cleared 200 ms after blur, so a click on a suggestion still lands.
 *
 * Why our own combobox and not a library's (Downshift, Ariakit): it follows the WAI-ARIA 1.2
 * combobox pattern (list autocomplete) as it is: the input has role=combobox, aria-expanded,
 * aria-controls naming the listbox and aria-autocomplete=list; the focus stays in the input
 * and aria-activedescendant names the highlighted option; the suggestions are role=option in a
 * labelled listbox with aria-selected; Down/Up move (wrapping), Enter picks, Escape closes.
 * The shop's rules do not fit a library's defaults: the list must survive blur for 200 ms (a
 * library closes it at once), Up from nothing highlighted goes to the last suggestion, and an
 * empty Enter searches the rotating placeholder; and the box is on every first screen, where a
 * library would add to the JavaScript a first visit downloads.
 */
export function SearchBox({ supplier = null, scope }: SearchBoxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pageKeyword = location.pathname === SEARCH_PATH ? (params.get('keyword') ?? '') : '';
  const shownKeyword = pageKeyword === ALL_KEYWORD ? '' : pageKeyword;
  const [text, setText] = useState(shownKeyword);
  // Follow the page: the keyword of the search shown, empty elsewhere.
  // (Adjusted while rendering, React's way: never a frame that shows the old keyword.)
  const [followed, setFollowed] = useState(shownKeyword);
  if (followed !== shownKeyword) {
    setFollowed(shownKeyword);
    setText(shownKeyword);
  }

  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const { data: hot } = useHotKeywords();
  const hotKeywords = (hot ?? []).filter((k) => typeof k === 'string' && k.trim() !== '');
  const placeholderKeyword = useRotatingKeyword(hotKeywords);

  const words = text.trim();
  const { data: suggestionData } = useSuggestions(words, focused);
  const suggestions = words ? (suggestionData ?? []).slice(0, SUGGESTIONS_MAX) : [];
  const open = focused && !dismissed && suggestions.length > 0;
  const highlighted = open && active >= 0 && active < suggestions.length ? active : -1;

  const search = (keyword: string) => {
    setText(keyword);
    setDismissed(true);
    setActive(-1);
    navigate(keywordSearchUrl(keyword, supplier));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    search(words || placeholderKeyword || ALL_KEYWORD);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(cycleIndex(open ? highlighted : -1, step, suggestions.length));
      setDismissed(false);
    } else if (e.key === 'Enter' && highlighted >= 0) {
      e.preventDefault();
      search(suggestions[highlighted]!);
    } else if (e.key === 'Escape') {
      // Always, not only while the list is open: in a search field the browser's own Escape
      // empties it, so words typed before their suggestions arrive were lost (and an Enter then
      // searched the placeholder). Escape closes the list, or keeps it from opening, and no more.
      e.preventDefault();
      setDismissed(true);
      setActive(-1);
    }
  };

  return (
    <div className="relative w-full max-w-[560px]">
      {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the widely supported search landmark */}
      <form role="search" onSubmit={submit} className="flex h-11 w-full">
        {scope}
        <div className="relative flex min-w-0 flex-1">
          <label htmlFor={`${id}-input`} className="sr-only">
            Search goods
          </label>
          <SearchIcon
            size={18}
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted"
          />
          <input
            id={`${id}-input`}
            type="search"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setDismissed(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              clearTimeout(blurTimer.current);
              setFocused(true);
            }}
            onBlur={() => {
              clearTimeout(blurTimer.current);
              blurTimer.current = setTimeout(() => {
                setFocused(false);
                setActive(-1);
              }, SEARCH_BLUR_DELAY_MS);
            }}
            placeholder={placeholderKeyword ?? DEFAULT_PLACEHOLDER}
            autoComplete="off"
            enterKeyHint="search"
            spellCheck={false}
            className={`h-full w-full min-w-0 border-2 border-r-0 ${scope ? 'border-l-0' : 'rounded-l-lg'} border-brand bg-white pr-3 pl-10 text-sm text-ink outline-none placeholder:text-gray-400 focus:border-brand-dark`}
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            hidden={!open}
            className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-lg border border-line bg-white py-1.5 shadow-xl"
          >
            {open
              ? suggestions.map((s, i) => (
                  // Keyboard use goes through the combobox (aria-activedescendant), not the options.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys of the listbox
                  <div
                    key={s}
                    id={optionId(i)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === highlighted}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => search(s)}
                    className={`flex cursor-pointer items-center gap-3 px-4 py-2 text-sm text-ink/80 ${i === highlighted ? 'bg-brand-soft text-ink' : ''}`}
                  >
                    <SearchIcon size={14} className="shrink-0 text-muted" />
                    <span className="truncate">
                      <Highlight text={s} words={words} />
                    </span>
                  </div>
                ))
              : null}
          </div>
        </div>
        <button
          type="submit"
          className="focus-ring rounded-r-lg bg-brand px-6 text-sm font-semibold text-white transition hover:bg-brand-dark"
        >
          Search
        </button>
      </form>
      <HotKeywordLinks keywords={hotKeywords.slice(0, QUICK_LINKS_MAX)} supplier={supplier} />
    </div>
  );
}

/** The first hot keywords as quick links under the box (out of the flow: the box stays centred in the header). */
function HotKeywordLinks({ keywords, supplier }: { keywords: string[]; supplier: string | null }) {
  return (
    <div className="absolute top-full right-0 left-0 mt-1.5 flex h-4 items-center gap-3 overflow-hidden pl-1 text-xs text-muted">
      {keywords.length > 0 ? (
        <>
          <span className="shrink-0">Popular:</span>
          <ul className="flex min-w-0 gap-3" aria-label="Popular searches">
            {keywords.map((k) => (
              <li key={k} className="shrink-0">
                <Link to={keywordSearchUrl(k, supplier)} className="link-quiet">
                  {k}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
