import { HomePage } from '../../features/home/HomePage';
import { ServicesPreview } from '../../features/services/ServicesPreview';

/** Home, with the services feature's preview in it. */
export function HomeRoute() {
  return <HomePage servicesPreview={<ServicesPreview />} />;
}
