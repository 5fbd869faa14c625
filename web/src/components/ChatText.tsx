const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
/** Punctuation that ends a sentence rather than the link it follows. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A message's text as text (docs/chat.md: nothing rendered as HTML): web links (http and https
 * only) become links that open in a new tab; everything else, markup included, is shown as typed.
 */
export function ChatText({ text }: { text: string }) {
  const parts: Array<string | { href: string }> = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const raw = m[0];
    const href = raw.replace(TRAILING, '');
    const start = m.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push({ href });
    last = start + href.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <span className="whitespace-pre-wrap break-words">
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
            {p.href}
          </a>
        ),
      )}
    </span>
  );
}
