import { useParams } from 'react-router-dom';
import { ServiceDetails } from '../../features/services/ServiceDetails';

/** /services/:id: the service, then (added by the reviews area) its review form and reviews. */
export function ServiceRoute() {
  const { id = '' } = useParams();
  return <ServiceDetails id={id} />;
}
