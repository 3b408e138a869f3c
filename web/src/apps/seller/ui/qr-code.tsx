import { create } from 'qrcode';
import { useMemo } from 'react';

/** The blank margin a scanner needs around the code, in modules. */
const QUIET_ZONE = 4;

interface QrCodeProps {
  text: string;
  /** What the code is, for screen readers. */
  label: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

/** `text` as a QR code: one SVG path drawn from the code's modules (no canvas, no markup strings). */
export function QrCode({ text, label, size = 224 }: QrCodeProps) {
  const { path, extent } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const squares: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column))
          squares.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { path: squares.join(''), extent: modules.size + 2 * QUIET_ZONE };
  }, [text]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
