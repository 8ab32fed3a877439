import { findProductIdByGtin } from '../products/repository';
import { findRangeContaining } from '../serial-ranges/repository';
import type { Language } from '../shared/contract/messages';
import { normalizeSerial } from '../shared/contract/serial';
import { NotFoundError } from '../shared/errors';
import type { ParsedLink } from './digital-link';
import { readUnitReports } from '../units/repository';
import { linksetCredentials, productLinks, unitLinks, type ItemLinks } from './links';

/**
 * What the resolver knows of a parsed link, most specific first: the unit and the trade
 * item above it (a GS1 linkset holds every level up to the primary key, resolver standard
 * 2.5.9), or the trade item alone. A unit costs the range lookup Query (the range carries
 * its product's GTIN) and, with `credentials` (a linkset answer), beside it a Query of its
 * newest reports (their conformity credentials); a trade item one GetItem of its GTIN claim.
 */
export async function itemsOf(
  link: ParsedLink,
  base: string,
  language: Language,
  options: { credentials: boolean },
): Promise<ItemLinks[]> {
  if (link.kind === 'product') {
    if (!(await findProductIdByGtin(link.gtin))) throw new NotFoundError('errors.gtinNotFound');
    return [productLinks(base, link.gtin, language)];
  }
  // An AI 21 value of set 82 that is no serial of this product's form names no unit.
  const serial = normalizeSerial(link.serial);
  // The unit's reports, for the linkset, are read beside its range (they depend on the
  // serial alone).
  const [range, reports] =
    serial === null
      ? [undefined, []]
      : await Promise.all([
          findRangeContaining(serial),
          options.credentials ? readUnitReports(serial, linksetCredentials) : [],
        ]);
  // The GS1 form names its GTIN: a unit of another product (or of none) is not this one.
  if (serial === null || !range || (link.gtin !== null && range.gtin !== link.gtin)) {
    throw new NotFoundError('errors.unitNotFound');
  }
  const unit = { serial, gtin: range.gtin };
  const credentials = reports.filter((report) => report.credential);
  const items = [unitLinks(base, unit, language, credentials)];
  if (unit.gtin) items.push(productLinks(base, unit.gtin, language));
  return items;
}
