import { useEffect, useState } from 'react';

/**
 * The authenticator app's set-up address as a QR code, for a phone's app to scan. The encoder is
 * loaded only on this step of the set-up (its own chunk). Drawn as an SVG image; while it is being
 * drawn, or should that fail, the page's secret key and link still serve.
 */
export function TotpQrCode({ otpauthUri }: { otpauthUri: string }) {
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    let current = true;
    setSrc(undefined);
    import('qrcode')
      .then((qrcode) => qrcode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setSrc(undefined));
    return () => {
      current = false;
    };
  }, [otpauthUri]);
  if (!src) return null;
  return <img className="staff-qr" src={src} width={200} height={200} alt="QR code of the set-up address: scan it with your authenticator app." />;
}
