/** A unit's page (`/units/:serial`): being built. */
export default function UnitPage() {
  return null;
}
