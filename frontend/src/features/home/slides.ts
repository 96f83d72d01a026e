export interface Slide {
  image: string;
  alt: string;
  tagline: string;
}

/** The home carousel's three slides, shown in this order and wrapping. */
export const SLIDES: readonly Slide[] = [
  {
    image: '/images/slides/slide-1.svg',
    alt: 'Parcels travelling along a conveyor belt in a sorting centre',
    tagline: 'Honest reviews of the couriers and carriers you rely on.',
  },
  {
    image: '/images/slides/slide-2.svg',
    alt: 'Delivery van driving along a country road past green hills',
    tagline: 'Compare prices, speed and care before you ship.',
  },
  {
    image: '/images/slides/slide-3.svg',
    alt: 'Cargo ship at sea and a freight plane overhead at sunset',
    tagline: 'From city bikes to ocean freight: read what other shippers say.',
  },
];

/** The first slide's picture: the largest thing on the home page's first screen. */
export const HERO_IMAGE = SLIDES[0].image;
