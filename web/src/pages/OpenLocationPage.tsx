import { Link, useSearchParams } from 'react-router';
import { OrganisationList, ShowroomCard } from '../components/locations/Locations.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { parseId } from '../features/content/use-content.ts';

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
        <Link to="/choose-location" className="btn-secondary">
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
