/**
 * The resolver's answers and the unit data its links lead to are public and carry no
 * credentials, so any origin may read them (resolver standard 2.2): a scanning app on
 * another site follows a unit's link and reads its gs1:pip data.
 */
export const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language',
  'access-control-expose-headers': 'Link, Location, X-Correlation-Id',
  'access-control-max-age': '86400',
};
