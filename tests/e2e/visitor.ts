/**
 * A client address of its own for each API sign-in of a journey (the e2e server trusts the proxy
 * header): the journeys sign the demo enterprise in more often than one visitor's login limit
 * (30 in 10 minutes) allows, and each sign-in stands for a separate visitor.
 * TEST-NET-3 (RFC 5737): a header value only, never a destination.
 */
export function visitorAddress(): string {
  return `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
}
