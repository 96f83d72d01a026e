import { lazy, Suspense, useState } from 'react';
import type { ServiceDto } from '../../lib/api/client';
import { ServiceCard, type CardHeadingLevel } from './ServiceCard';
import { useLatch } from '../../components/useLatch';
import { GridList } from '../../components/GridList';
import { CompareBar } from './compare/CompareBar';

// The viewer (a dialog) is loaded when a visitor first opens an image, not with the page.
const ImageViewer = lazy(async () => ({
  default: (await import('../../components/ImageViewer')).ImageViewer,
}));

interface ServiceGridProps {
  services: readonly ServiceDto[];
  /** Names the grid for screen readers, e.g. the heading it sits under. */
  'aria-label': string;
  /** The cards' title level: h3 under a section heading, h2 right under the page's h1. */
  headingLevel?: CardHeadingLevel;
}

/** Service cards in three columns (two on tablets, one on phones) sharing one image viewer. */
export function ServiceGrid({
  services,
  'aria-label': label,
  headingLevel = 'h3',
}: ServiceGridProps) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const viewerWanted = useLatch(viewerIndex !== null);
  const images = services.map((service) => ({ src: service.image, alt: service.title }));

  return (
    <>
      <GridList
        aria-label={label}
        columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }}
      >
        {services.map((service, index) => (
          <li key={service._id}>
            <ServiceCard
              service={service}
              headingLevel={headingLevel}
              onImageClick={() => setViewerIndex(index)}
            />
          </li>
        ))}
      </GridList>
      <CompareBar />
      {viewerWanted && (
        <Suspense fallback={null}>
          <ImageViewer
            images={images}
            index={viewerIndex}
            onIndexChange={setViewerIndex}
            onClose={() => setViewerIndex(null)}
          />
        </Suspense>
      )}
    </>
  );
}
