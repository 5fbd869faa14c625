import type { LucideProps } from 'lucide-react';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Clock from 'lucide-react/icons/clock';
import ExternalLink from 'lucide-react/icons/external-link';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import FileText from 'lucide-react/icons/file-text';
import Headset from 'lucide-react/icons/headset';
import Image from 'lucide-react/icons/image';
import MapPin from 'lucide-react/icons/map-pin';
import Menu from 'lucide-react/icons/menu';
import MessageSquareMore from 'lucide-react/icons/message-square-more';
import Pause from 'lucide-react/icons/pause';
import Phone from 'lucide-react/icons/phone';
import Play from 'lucide-react/icons/play';
import QrCode from 'lucide-react/icons/qr-code';
import Search from 'lucide-react/icons/search';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import Store from 'lucide-react/icons/store';
import Tag from 'lucide-react/icons/tag';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Truck from 'lucide-react/icons/truck';
import Undo2 from 'lucide-react/icons/undo-2';
import User from 'lucide-react/icons/user';
import X from 'lucide-react/icons/x';
import type { ComponentType } from 'react';

/**
 * The shop's icons: Lucide's line icons under the names the shop uses, each imported from its
 * own module so a page bundles only the icons it shows. Sized 20 px with a 1.8 stroke unless
 * told otherwise. Decorative (aria-hidden) unless given an `aria-label`, which only an icon
 * standing alone without text needs.
 */
export type IconProps = Omit<LucideProps, 'ref' | 'size'> & { size?: number };

/** One of Lucide's icons with the shop's size and stroke. */
export const shopIcon = (Icon: ComponentType<LucideProps>, preset: LucideProps = {}) => {
  const ShopIcon = ({ size = 20, strokeWidth = 1.8, ...rest }: IconProps) => (
    <Icon size={size} strokeWidth={strokeWidth} focusable="false" {...preset} {...rest} />
  );
  return ShopIcon;
};

export const TruckIcon = /* @__PURE__ */ shopIcon(Truck);
export const ShieldIcon = /* @__PURE__ */ shopIcon(ShieldCheck);
export const ReturnIcon = /* @__PURE__ */ shopIcon(Undo2);
export const HeadsetIcon = /* @__PURE__ */ shopIcon(Headset);
export const TagIcon = /* @__PURE__ */ shopIcon(Tag);
export const StoreIcon = /* @__PURE__ */ shopIcon(Store);
export const SearchIcon = /* @__PURE__ */ shopIcon(Search);
export const CartIcon = /* @__PURE__ */ shopIcon(ShoppingCart);
export const UserIcon = /* @__PURE__ */ shopIcon(User);
export const ChevronDownIcon = /* @__PURE__ */ shopIcon(ChevronDown);
export const ChevronLeftIcon = /* @__PURE__ */ shopIcon(ChevronLeft);
export const ChevronRightIcon = /* @__PURE__ */ shopIcon(ChevronRight);
export const CloseIcon = /* @__PURE__ */ shopIcon(X);
export const MenuIcon = /* @__PURE__ */ shopIcon(Menu);
export const ExternalIcon = /* @__PURE__ */ shopIcon(ExternalLink);
export const ChatIcon = /* @__PURE__ */ shopIcon(MessageSquareMore);
export const QrIcon = /* @__PURE__ */ shopIcon(QrCode);
export const PinIcon = /* @__PURE__ */ shopIcon(MapPin);
export const PhoneIcon = /* @__PURE__ */ shopIcon(Phone);
export const ClockIcon = /* @__PURE__ */ shopIcon(Clock);
export const DocumentIcon = /* @__PURE__ */ shopIcon(FileText);
export const SparkIcon = /* @__PURE__ */ shopIcon(Sparkles);
export const PauseIcon = /* @__PURE__ */ shopIcon(Pause, { strokeWidth: 2.4 });
export const PlayIcon = /* @__PURE__ */ shopIcon(Play, { fill: 'currentColor' });
export const ImageIcon = /* @__PURE__ */ shopIcon(Image);
export const CheckIcon = /* @__PURE__ */ shopIcon(Check);
export const AlertIcon = /* @__PURE__ */ shopIcon(TriangleAlert);
export const StarIcon = /* @__PURE__ */ shopIcon(Star);
export const EyeIcon = /* @__PURE__ */ shopIcon(Eye);
export const EyeOffIcon = /* @__PURE__ */ shopIcon(EyeOff);
