import {
  Coins,
  CreditCard,
  Crown,
  Heart,
  IdCard,
  Lock,
  Mail,
  MessageSquareText,
  Package,
  Ticket,
  Wallet,
} from 'lucide';
import { type IconProps, LucideIcon } from './icons.tsx';

/** Icons used only by the account pages (kept out of the header's icon set), as in icons.tsx. */
export const WalletIcon = (p: IconProps) => <LucideIcon node={Wallet} {...p} />;
export const CoinsIcon = (p: IconProps) => <LucideIcon node={Coins} {...p} />;
export const TicketIcon = (p: IconProps) => <LucideIcon node={Ticket} {...p} />;
export const HeartIcon = (p: IconProps) => <LucideIcon node={Heart} {...p} />;
export const CrownIcon = (p: IconProps) => <LucideIcon node={Crown} {...p} />;
export const CardIcon = (p: IconProps) => <LucideIcon node={CreditCard} {...p} />;
export const BoxIcon = (p: IconProps) => <LucideIcon node={Package} {...p} />;
export const CommentIcon = (p: IconProps) => <LucideIcon node={MessageSquareText} {...p} />;
export const LockIcon = (p: IconProps) => <LucideIcon node={Lock} {...p} />;
export const MailIcon = (p: IconProps) => <LucideIcon node={Mail} {...p} />;
export const IdCardIcon = (p: IconProps) => <LucideIcon node={IdCard} {...p} />;
