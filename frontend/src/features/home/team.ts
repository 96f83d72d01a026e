export interface TeamMember {
  name: string;
  role: string;
  image: string;
}

/** 'Our Expert Team': the eight members on the home page. */
export const TEAM: readonly TeamMember[] = [
  { name: 'Daniel Brooks', role: 'Chief Logistics Analyst', image: '/images/team/member-1.svg' },
  { name: 'Aiko Tanaka', role: 'Senior Delivery Reviewer', image: '/images/team/member-2.svg' },
  { name: 'Fiona Gallagher', role: 'Head of Research', image: '/images/team/member-3.svg' },
  {
    name: 'Kwame Mensah',
    role: 'Freight and Shipping Specialist',
    image: '/images/team/member-4.svg',
  },
  { name: 'Robert Hale', role: 'Editor-in-Chief', image: '/images/team/member-5.svg' },
  { name: 'Sofia Lindqvist', role: 'Community Manager', image: '/images/team/member-6.svg' },
  { name: 'Marcus Reid', role: 'Data and Ratings Engineer', image: '/images/team/member-7.svg' },
  { name: 'Priya Raman', role: 'Customer Experience Lead', image: '/images/team/member-8.svg' },
];
