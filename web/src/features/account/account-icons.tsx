import Coins from 'lucide-react/icons/coins';
import CreditCard from 'lucide-react/icons/credit-card';
import Crown from 'lucide-react/icons/crown';
import Heart from 'lucide-react/icons/heart';
import IdCard from 'lucide-react/icons/id-card';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import Package from 'lucide-react/icons/package';
import Ticket from 'lucide-react/icons/ticket';
import Wallet from 'lucide-react/icons/wallet';
import { shopIcon } from '../../components/icons.tsx';

/** Icons used only by the account pages (kept out of the header's icon set), as in icons.tsx. */
export const WalletIcon = /* @__PURE__ */ shopIcon(Wallet);
export const CoinsIcon = /* @__PURE__ */ shopIcon(Coins);
export const TicketIcon = /* @__PURE__ */ shopIcon(Ticket);
export const HeartIcon = /* @__PURE__ */ shopIcon(Heart);
export const CrownIcon = /* @__PURE__ */ shopIcon(Crown);
export const CardIcon = /* @__PURE__ */ shopIcon(CreditCard);
export const BoxIcon = /* @__PURE__ */ shopIcon(Package);
export const CommentIcon = /* @__PURE__ */ shopIcon(MessageSquareText);
export const LockIcon = /* @__PURE__ */ shopIcon(Lock);
export const MailIcon = /* @__PURE__ */ shopIcon(Mail);
export const IdCardIcon = /* @__PURE__ */ shopIcon(IdCard);
