/**
 * The e-mail domain that proves control of a website: its host, lower case, without a leading
 * `www.` (https://www.fastcourier.example → fastcourier.example). Null when it is not a web address.
 */
export function claimDomainOf(website: string): string | null {
  try {
    const { protocol, hostname } = new URL(website);
    if (protocol !== 'https:' && protocol !== 'http:') return null;
    return hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The domain of an e-mail address, lower case. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether the address is at the website's own domain, as a claim needs. */
export function isAtWebsiteDomain(email: string, website: string): boolean {
  const domain = claimDomainOf(website);
  return domain !== null && emailDomainOf(email) === domain;
}
