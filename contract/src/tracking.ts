// Where a customer follows a parcel: the order page's link and the shipping mail's (issue 20).

/** How each carrier's tracking page takes a tracking number. */
const CARRIERS: { names: RegExp; url: (number: string) => string }[] = [
  {
    names: /^(usps|unitedstatespostalservice|uspostalservice|uspostal)/,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  {
    names: /^(ups|unitedparcelservice)/,
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  {
    names: /^(fedex|federalexpress)/,
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  {
    names: /^dhl/,
    url: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}&submit=1`,
  },
  {
    names: /^(canadapost|postescanada)/,
    url: (n) => `https://www.canadapost-postescanada.ca/track-reperez/en#/search?searchFor=${n}`,
  },
  {
    names: /^royalmail/,
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
];

/** A tracking link for well-known carriers (UPS, USPS, FedEx, DHL, …) from carrier name + number, else null. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  // 'FedEx Ground', 'fedex', 'Federal Express' -> 'fedexground', 'fedex', 'federalexpress'
  const key = (carrier ?? '').toLowerCase().replace(/[^a-z]/g, '');
  // Numbers are printed in groups ('1Z 999 AA1 01 2345 6784'); the trackers want them whole.
  const number = (trackingNumber ?? '').replace(/\s+/g, '');
  if (!key || !number) return null;
  const known = CARRIERS.find((c) => c.names.test(key));
  return known ? known.url(encodeURIComponent(number)) : null;
}
