import {
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Clock,
  ExternalLink,
  Eye,
  EyeOff,
  FileText,
  Headset,
  Heart,
  Image,
  MapPin,
  Menu,
  MessageSquareMore,
  Pause,
  Phone,
  Play,
  QrCode,
  Search,
  ShieldCheck,
  ShoppingCart,
  Sparkles,
  Star,
  Store,
  Tag,
  TriangleAlert,
  Truck,
  Undo2,
  User,
  X,
} from 'lucide';
import type { SVGProps } from 'react';

/**
 * The shop's icons: Lucide's line icons (the icon data of the `lucide` package, one module per
 * icon, so a page bundles only the icons it shows) under the names the shop uses, drawn by one
 * small component. 20 px with a 1.8 stroke unless told otherwise; decorative (aria-hidden):
 * an icon standing alone without text takes `aria-label` and `aria-hidden={false}`.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Lucide's description of an icon: its SVG elements and their attributes. */
export type IconNode = [tag: string, attrs: Record<string, string | number | undefined>][];

/** Draws one of Lucide's icons (its `node`) with the shop's size and stroke. */
export function LucideIcon({ node, size = 20, ...rest }: IconProps & { node: IconNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {node.map(([Tag, attrs], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an icon's elements never change
        <Tag key={i} {...attrs} />
      ))}
    </svg>
  );
}

export const TruckIcon = (p: IconProps) => <LucideIcon node={Truck} {...p} />;
export const ShieldIcon = (p: IconProps) => <LucideIcon node={ShieldCheck} {...p} />;
export const ReturnIcon = (p: IconProps) => <LucideIcon node={Undo2} {...p} />;
export const HeartIcon = (p: IconProps) => <LucideIcon node={Heart} {...p} />;
export const HeadsetIcon = (p: IconProps) => <LucideIcon node={Headset} {...p} />;
export const TagIcon = (p: IconProps) => <LucideIcon node={Tag} {...p} />;
export const StoreIcon = (p: IconProps) => <LucideIcon node={Store} {...p} />;
export const SearchIcon = (p: IconProps) => <LucideIcon node={Search} {...p} />;
export const CartIcon = (p: IconProps) => <LucideIcon node={ShoppingCart} {...p} />;
export const UserIcon = (p: IconProps) => <LucideIcon node={User} {...p} />;
export const ChevronDownIcon = (p: IconProps) => <LucideIcon node={ChevronDown} {...p} />;
export const ChevronLeftIcon = (p: IconProps) => <LucideIcon node={ChevronLeft} {...p} />;
export const ChevronRightIcon = (p: IconProps) => <LucideIcon node={ChevronRight} {...p} />;
export const CloseIcon = (p: IconProps) => <LucideIcon node={X} {...p} />;
export const MenuIcon = (p: IconProps) => <LucideIcon node={Menu} {...p} />;
export const ExternalIcon = (p: IconProps) => <LucideIcon node={ExternalLink} {...p} />;
export const ChatIcon = (p: IconProps) => <LucideIcon node={MessageSquareMore} {...p} />;
export const QrIcon = (p: IconProps) => <LucideIcon node={QrCode} {...p} />;
export const PinIcon = (p: IconProps) => <LucideIcon node={MapPin} {...p} />;
export const PhoneIcon = (p: IconProps) => <LucideIcon node={Phone} {...p} />;
export const ClockIcon = (p: IconProps) => <LucideIcon node={Clock} {...p} />;
export const DocumentIcon = (p: IconProps) => <LucideIcon node={FileText} {...p} />;
export const SparkIcon = (p: IconProps) => <LucideIcon node={Sparkles} {...p} />;
export const PauseIcon = (p: IconProps) => <LucideIcon node={Pause} strokeWidth={2.4} {...p} />;
export const PlayIcon = (p: IconProps) => <LucideIcon node={Play} fill="currentColor" {...p} />;
export const ImageIcon = (p: IconProps) => <LucideIcon node={Image} {...p} />;
export const CheckIcon = (p: IconProps) => <LucideIcon node={Check} {...p} />;
export const AlertIcon = (p: IconProps) => <LucideIcon node={TriangleAlert} {...p} />;
export const StarIcon = (p: IconProps) => <LucideIcon node={Star} {...p} />;
export const EyeIcon = (p: IconProps) => <LucideIcon node={Eye} {...p} />;
export const EyeOffIcon = (p: IconProps) => <LucideIcon node={EyeOff} {...p} />;
