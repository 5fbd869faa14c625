import { ChevronDownIcon, UserIcon } from '../../components/icons.tsx';
import { useOnFirstUse } from '../../components/on-first-use.ts';
import { AuthLink } from '../../features/account/AuthLink.tsx';
import { memberDisplayName } from '../../lib/member-name.ts';
import { registerTarget } from '../../lib/routes.ts';
import { useIsLoggedIn, useSession } from '../../state/session-store.ts';
import { userMenuPart } from './user-menu-part.ts';

/** A member's name as the top bar shows it; the chevron turns while the menu is open. */
function MemberLabel({ name }: { name: string }) {
  return (
    <>
      <UserIcon size={15} className="shrink-0 text-brand" />
      <span className="truncate">{name}</span>
      <ChevronDownIcon size={13} className="shrink-0 transition group-data-[state=open]:rotate-180" />
    </>
  );
}

/** The member's name, and their menu once its code has arrived (the name shows meanwhile). */
function MemberCorner({ storeMode }: { storeMode: boolean }) {
  const name = memberDisplayName(useSession((s) => s.member));
  const UserMenu = useOnFirstUse(userMenuPart, true);
  if (UserMenu) return <UserMenu storeMode={storeMode} name={name} label={<MemberLabel name={name} />} />;
  return (
    <span className="inline-flex max-w-56 items-center gap-1.5 font-medium text-ink">
      <MemberLabel name={name} />
    </span>
  );
}

/**
 * The account corner of the top bar: `Login | Register` for guests (each through the agreement
 * dialog, docs/routes.md), the user menu for members.
 */
export function AccountNav({ storeMode }: { storeMode: boolean }) {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <MemberCorner storeMode={storeMode} />;
  return (
    <div className="flex items-center">
      <AuthLink target="login/index" storeMode={storeMode} className="link-quiet font-medium text-brand">
        Login
      </AuthLink>
      <span aria-hidden="true" className="mx-2 text-gray-300">
        |
      </span>
      <AuthLink target={registerTarget(storeMode)} storeMode={storeMode} className="link-quiet text-ink/80">
        Register
      </AuthLink>
    </div>
  );
}
