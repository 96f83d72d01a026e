import type { Region } from '../services/regions';

export interface SeedService {
  title: string;
  price: number;
  image: string;
  details: string;
  category_id: string;
  regions: Region[];
}

export interface SeedBlog {
  title: string;
  details: string;
}

export const SEED_SERVICES: readonly SeedService[] = [
  {
    title: 'Same-Day City Courier',
    price: 25,
    image: '/images/services/same-day-city-courier.svg',
    details:
      'A van courier that collects within the hour and delivers anywhere inside the city limits before 8 pm the same day. Live driver tracking and a photo proof of delivery are included with every booking.',
    category_id: 'same-day',
    regions: ['northeast'],
  },
  {
    title: 'Overnight Parcel Express',
    price: 18,
    image: '/images/services/overnight-parcel-express.svg',
    details:
      'Drop off by 6 pm and your parcel arrives before noon the next working day, nationwide. Parcels up to 30 kg are covered for loss or damage up to $250 at no extra charge.',
    category_id: 'courier',
    regions: ['nationwide'],
  },
  {
    title: 'International Air Freight',
    price: 1450,
    image: '/images/services/international-air-freight.svg',
    details:
      'Consolidated air cargo between major hubs with door-to-door options, handled by a licensed customs broker. Typical transit is three to five days, with shipments priced by chargeable weight.',
    category_id: 'international',
    regions: ['international'],
  },
  {
    title: 'Ocean Container Shipping',
    price: 2500,
    image: '/images/services/ocean-container-shipping.svg',
    details:
      'Full 20 ft and 40 ft container loads between major ports, or shared space for smaller consignments. Slow but by far the cheapest way to move heavy goods overseas.',
    category_id: 'international',
    regions: ['international'],
  },
  {
    title: 'Cold-Chain Grocery Delivery',
    price: 12,
    image: '/images/services/cold-chain-grocery-delivery.svg',
    details:
      'Refrigerated vans keep chilled and frozen groceries at a safe temperature to your door.',
    category_id: 'food',
    regions: ['west', 'southwest'],
  },
  {
    title: 'Bike Messenger Downtown',
    price: 9,
    image: '/images/services/bike-messenger-downtown.svg',
    details:
      'Cargo-bike riders beat rush-hour traffic for small downtown drops in under 45 minutes.',
    category_id: 'same-day',
    regions: ['midwest'],
  },
  {
    title: 'Furniture & Moving Van',
    price: 480,
    image: '/images/services/furniture-moving-van.svg',
    details:
      'A two-person crew with a 7.5-tonne van, blankets, straps and a dolly for home and office moves. Priced for a half day of work including loading, driving and unloading, with disassembly of beds and tables on request.',
    category_id: 'moving',
    regions: ['southeast'],
  },
  {
    title: 'Pallet Freight (LTL)',
    price: 320,
    image: '/images/services/pallet-freight-ltl.svg',
    details:
      'Less-than-truckload shipping for one to six pallets, with tail-lift delivery available for sites without a loading dock. Ideal for small businesses that move stock in bulk but rarely fill a whole trailer.',
    category_id: 'freight',
    regions: ['midwest', 'northeast'],
  },
  {
    title: 'Warehouse Fulfilment',
    price: 650,
    image: '/images/services/warehouse-fulfilment.svg',
    details:
      'Monthly storage, pick, pack and dispatch for online shops, connected to the most common storefront platforms. Orders received by 2 pm ship the same day, and returns are inspected and restocked within 48 hours.',
    category_id: 'warehousing',
    regions: ['nationwide', 'international'],
  },
  {
    title: 'Pharmacy Delivery',
    price: 7,
    image: '/images/services/pharmacy-delivery.svg',
    details: 'Prescriptions delivered in sealed bags, handed only to the patient or a named adult.',
    category_id: 'courier',
    regions: ['southeast', 'southwest'],
  },
  {
    title: 'Document Courier',
    price: 15,
    image: '/images/services/document-courier.svg',
    details:
      'Signed-for delivery of contracts, legal papers and original certificates, with chain-of-custody records kept at every handover. Couriers wait for countersignatures on request and bring the documents straight back.',
    category_id: 'courier',
    regions: ['northeast'],
  },
  {
    title: 'Restaurant Food Delivery',
    price: 5,
    image: '/images/services/restaurant-food-delivery.svg',
    details: 'Scooter riders bring hot meals from local restaurants in insulated boxes.',
    category_id: 'food',
    regions: ['west'],
  },
  {
    title: 'Returns Pickup',
    price: 6,
    image: '/images/services/returns-pickup.svg',
    details:
      'Book a two-hour window and a driver collects your online returns from home, prints the label for you and scans it at the door. You get a receipt by email so the refund can be chased if the retailer is slow.',
    category_id: 'postal',
    regions: ['nationwide'],
  },
  {
    title: 'Rural Postal Service',
    price: 3,
    image: '/images/services/rural-postal-service.svg',
    details:
      'Letters and small packets delivered six days a week to farms and villages far from the nearest depot. Outgoing mail can be left in the box with the flag raised for collection.',
    category_id: 'postal',
    regions: ['midwest', 'west'],
  },
];

export const SEED_BLOGS: readonly SeedBlog[] = [
  {
    title: 'How to choose a courier for fragile parcels',
    details:
      'Glassware, ceramics and electronics survive transport when the courier handles fewer parcels by hand and moves them through fewer sorting hubs. Before booking, ask how many times your parcel will be transferred between vehicles. A direct same-day van touches the box twice; a national network may pass it through several conveyor belts and drops.\n\nRead the liability terms closely. Many carriers exclude fragile goods from their standard cover, or pay out only when the packaging meets their own published standard. If the item matters, buy declared-value cover and keep photos of how you packed it.\n\nFinally, look at reviews that mention breakage rather than the overall star rating. A service with a slightly lower score but consistent praise for careful handling is often the safer choice for anything that can crack.',
  },
  {
    title: 'What tracking numbers really tell you',
    details:
      'A tracking page is a list of scans, not a live view of your parcel. Each line appears only when someone scans the label: at collection, at a depot, onto a vehicle, and at the door. Long gaps between scans are normal when a parcel is on a trunk route overnight.\n\nThe phrase "out for delivery" means the parcel is on a vehicle for today\'s round, but the round might have a hundred stops. "Exception" or "delayed" usually points to a missed connection, a damaged label or an address problem, and is worth a call if it lasts more than a day.\n\nWhen you compare services, notice how detailed their scans are. Carriers that add a driver photo, a time window and a delivery location make disputes far easier to settle.',
  },
  {
    title: 'Same-day vs next-day: when it is worth paying more',
    details:
      'Same-day delivery usually costs two to four times as much as next-day, because the courier often carries your item alone rather than as part of a planned round. That premium makes sense when the cost of waiting is higher than the fee: a forgotten passport, a replacement part that keeps a workshop running, or signed papers with a legal deadline.\n\nFor most other shipments, next-day services are remarkably reliable and cheaper per kilogram. If you book before the evening cut-off, the parcel travels overnight and usually arrives by lunch.\n\nA useful rule of thumb: if you would not pay a taxi to carry the item across town yourself, next-day is probably enough.',
  },
  {
    title: 'Writing a review that helps other shippers',
    details:
      'The most useful reviews describe what was sent, where it went and what happened. "Two boxes of books, city to city, arrived a day late but intact" tells the next reader far more than "terrible service" or five stars with no comment.\n\nMention the details that vary between carriers: how easy booking was, whether the collection slot was kept, how the parcel was handled and how the company responded if something went wrong. A good response to a problem can matter more than a perfect record.\n\nKeep it factual and fair. Rate the service you received rather than the weather or the retailer, and update your review if the company puts things right later.',
  },
  {
    title: 'Packing tips that prevent damage claims',
    details:
      'Use a new, double-walled box that is only slightly larger than the item, and leave at least five centimetres of cushioning on every side. Parcels in a sorting hub may be stacked under heavier boxes or dropped from waist height, so the contents should not move when you shake the box.\n\nSeal every seam with proper packing tape in an H pattern, and remove old labels and barcodes so the scanners do not misread them. Put a copy of the delivery address inside the box in case the outer label is torn off.\n\nTake photos of the item, the padding and the sealed box before handing it over. Most carriers ask for exactly this evidence when you make a damage claim.',
  },
  {
    title: 'Understanding customs for international parcels',
    details:
      'Every parcel that crosses a border needs a customs declaration listing what is inside, how many items there are and what they are worth. Vague descriptions such as "gift" or "parts" are a common cause of delays; write "cotton T-shirts" or "bicycle brake pads" instead.\n\nDuties and import taxes are charged by the destination country, and someone has to pay them. Check whether the service ships on delivered-duty-paid terms, where you pay up front, or leaves the charges to the recipient, who may face a handling fee as well.\n\nSome goods are restricted or banned outright, including batteries, perfumes and certain foods. Check the carrier\'s prohibited list before packing, because a refused parcel can be returned at your cost or destroyed.',
  },
];
