const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** A service's whole-number price as people read it, e.g. '$25'. */
export function formatPrice(price: number): string {
  return dollars.format(price);
}
