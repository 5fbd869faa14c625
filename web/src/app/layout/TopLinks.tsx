import { useHeaderLinks } from '../../api/use-content.ts';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';

/** The shop's header top links (shop link 'up'); a link with children opens a small list on hover or focus. */
export function TopLinks() {
  const { data } = useHeaderLinks();
  const links = data ?? [];
  if (links.length === 0) return null;
  return (
    <ul className="flex items-center">
      {links.map((link) => (
        <li key={link.key || link.name} className="group relative flex items-center">
          <span aria-hidden="true" className="mx-3 h-3 w-px bg-gray-300" />
          <SmartLink
            to={link.linkUrl}
            title={link.title}
            className="link-quiet inline-flex items-center gap-0.5 text-ink/80"
          >
            {link.name}
            {link.children.length > 0 ? <ChevronDownIcon size={13} /> : null}
          </SmartLink>
          {link.children.length > 0 ? (
            <ul className="invisible absolute top-full right-0 z-40 min-w-44 rounded-lg border border-line bg-white py-1.5 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
              {link.children.map((child) => (
                <li key={child.key || child.name}>
                  <SmartLink
                    to={child.linkUrl}
                    title={child.title}
                    className="block px-4 py-1.5 whitespace-nowrap text-ink/80 hover:bg-brand-soft hover:text-brand focus-visible:bg-brand-soft focus-visible:outline-none"
                  >
                    {child.name}
                  </SmartLink>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
