/**
 * The e-mail domain a claim must use: the website's host without a leading `www.` (the API's
 * rule, service-claims/claim-domain.ts). Null when the website is not a web address.
 */
export function claimDomainOf(website: string): string | null {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}
