import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import type { HoverMenuParts } from './hover-menu-parts.ts';

/**
 * A hover menu on Radix's navigation menu: the trigger controls its panel (aria-expanded,
 * aria-controls), Tab goes from the trigger into its panel, Escape closes the panel back on the
 * trigger, and focus or a press outside the menu closes it.
 */
export const hoverMenuRadixParts: HoverMenuParts = {
  Root: ({ children, ...props }) => (
    <NavigationMenu.Root delayDuration={0} {...props} asChild>
      <div className="contents">{children}</div>
    </NavigationMenu.Root>
  ),
  List: NavigationMenu.List,
  Item: NavigationMenu.Item,
  Trigger: ({ children }) => <NavigationMenu.Trigger asChild>{children}</NavigationMenu.Trigger>,
  Content: ({ onEscape, children, className }) => (
    <NavigationMenu.Content onEscapeKeyDown={onEscape} className={className}>
      {children}
    </NavigationMenu.Content>
  ),
};
