import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { OrganisationList, ShowroomCard } from '../features/locations/Locations.tsx';
import { CHOOSE_LOCATION_PATH, parseId } from '../lib/routes.ts';

/** Our locations: the showroom and the shop's stores with address, phone and opening hours (`?id=` highlights one). */
export default function OpenLocationPage() {
  const [params] = useSearchParams();
  const highlightId = parseId(params.get('id'));
  return (
    <PageFrame
      pageName="OpenLocationPage"
      breadcrumb={[{ name: 'Our Stores' }]}
      title="Our Stores"
      intro="Visit us in person or call the team nearest you."
      actions={
        <Link to={CHOOSE_LOCATION_PATH} className="btn-secondary">
          Choose your store
        </Link>
      }
    >
      <div className="flex flex-col gap-8">
        <ShowroomCard />
        <OrganisationList highlightId={highlightId} />
      </div>
    </PageFrame>
  );
}
