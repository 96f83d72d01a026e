import { HomePage } from '../../features/home/HomePage';
import { CouriersByRegion } from '../../features/services/CouriersByRegion';
import { ServicesPreview } from '../../features/services/ServicesPreview';

/** Home, with the services feature's preview and its links by region in it. */
export function HomeRoute() {
  return (
    <HomePage
      servicesPreview={
        <>
          <ServicesPreview />
          <CouriersByRegion />
        </>
      }
    />
  );
}
