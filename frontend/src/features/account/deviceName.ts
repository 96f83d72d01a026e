import Bowser from 'bowser';

/** A session's browser and system in words ("Chrome on Linux"), from its User-Agent string. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.getParser(userAgent);
  const browser = parsed.getBrowserName();
  const system = parsed.getOSName();
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}
