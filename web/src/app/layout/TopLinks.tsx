import { useHeaderLinks } from '../../api/use-content.ts';
import {
  HoverMenu,
  HoverMenuContent,
  HoverMenuItem,
  HoverMenuList,
  HoverMenuTrigger,
} from '../../components/HoverMenu.tsx';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';

/**
 * The shop's header top links (shop link 'up'). A link with children opens a small list of them
 * when pointed at or focused (a hover menu: Tab walks into the list, Escape closes it).
 */
export function TopLinks() {
  const { data } = useHeaderLinks();
  const links = data ?? [];
  if (links.length === 0) return null;
  return (
    <HoverMenu label="Shop links">
      <HoverMenuList className="flex items-center">
        {links.map((link) => {
          const key = link.key || link.name;
          const anchor = (
            <SmartLink
              to={link.linkUrl}
              title={link.title}
              className="link-quiet inline-flex items-center gap-0.5 text-ink/80 data-[state=open]:text-brand"
            >
              {link.name}
              {link.children.length > 0 ? <ChevronDownIcon size={13} /> : null}
            </SmartLink>
          );
          return (
            <HoverMenuItem key={key} value={key} className="relative flex items-center">
              <span aria-hidden="true" className="mx-3 h-3 w-px bg-gray-300" />
              {link.children.length > 0 ? <HoverMenuTrigger>{anchor}</HoverMenuTrigger> : anchor}
              {link.children.length > 0 ? (
                <HoverMenuContent className="absolute top-full right-0 z-40">
                  <ul className="min-w-44 animate-menu-in rounded-lg border border-line bg-white py-1.5 shadow-lg">
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
                </HoverMenuContent>
              ) : null}
            </HoverMenuItem>
          );
        })}
      </HoverMenuList>
    </HoverMenu>
  );
}
