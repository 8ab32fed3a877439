/** The site settings page (`/settings`, admin): being built. */
export default function SettingsPage() {
  return null;
}
