import { useMemo } from 'react';
import { qrSvgPath } from './qr-svg';

/**
 * A QR code of `text` drawn as SVG, black on white whatever the theme (a scanner needs the
 * contrast), as on the nameplate label. Used by the public report preview and the unit's
 * page; sized by `className`.
 */
export function QrCode({
  text,
  label,
  className,
}: {
  text: string;
  /** What the code is, for screen readers (e.g. "Identification link"). */
  label: string;
  className?: string;
}) {
  const qr = useMemo(() => qrSvgPath(text), [text]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
