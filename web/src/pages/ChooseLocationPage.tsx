import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CheckIcon } from '../components/icons.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { OrganisationList, ShowroomCard } from '../features/locations/Locations.tsx';
import { OPEN_LOCATION_PATH } from '../lib/routes.ts';
import { useSession } from '../state/session-store.ts';

/** Choose the store whose stock and prices you shop from (the organisation id sent with every call). */
export default function ChooseLocationPage() {
  const orgId = useSession((s) => s.orgId);
  const setOrgId = useSession((s) => s.setOrgId);
  const queryClient = useQueryClient();
  return (
    <PageFrame
      pageName="ChooseLocationPage"
      breadcrumb={[{ name: 'Our Stores', linkUrl: OPEN_LOCATION_PATH }, { name: 'Choose your store' }]}
      title="Choose your store"
      intro="Stock and delivery times follow the store you shop from. You can change it at any time."
    >
      <div className="flex flex-col gap-8">
        <OrganisationList
          highlightId={orgId}
          action={(org) =>
            org.id === orgId ? (
              <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand">
                <CheckIcon size={16} />
                Your store
              </span>
            ) : (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setOrgId(org.id);
                  // Stock and prices depend on the store: refetch what is shown.
                  void queryClient.invalidateQueries();
                  toast.success(`You are now shopping from ${org.name}.`);
                }}
              >
                Shop from this store
              </button>
            )
          }
        />
        <ShowroomCard />
      </div>
    </PageFrame>
  );
}
