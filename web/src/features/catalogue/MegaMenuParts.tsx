import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import type { BarParts } from './bar-parts.ts';

/**
 * The brand bar on Radix's navigation menu: each category link controls its mega panel
 * (aria-expanded, aria-controls), Tab goes from the link into its panel, Escape closes the panel
 * back on the link, and focus or a press outside the bar closes it.
 */
export const megaMenuParts: BarParts = {
  Root: ({ children, ...props }) => (
    <NavigationMenu.Root delayDuration={0} {...props}>
      {children}
    </NavigationMenu.Root>
  ),
  List: NavigationMenu.List,
  Item: NavigationMenu.Item,
  Trigger: ({ children }) => <NavigationMenu.Trigger asChild>{children}</NavigationMenu.Trigger>,
  Panel: ({ onEscape, children }) => (
    <NavigationMenu.Content
      data-mega-panel=""
      onEscapeKeyDown={onEscape}
      className="absolute top-full left-0 z-40 flex animate-menu-in overflow-hidden rounded-b-xl border border-t-0 border-line bg-white text-ink shadow-2xl"
    >
      {children}
    </NavigationMenu.Content>
  ),
};
