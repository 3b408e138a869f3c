import { useEffect, useRef } from 'react';

interface FilePreviewProps {
  file: File;
  className?: string;
}

/**
 * A chosen picture, shown from an object URL that lives exactly as long as this preview shows
 * this file: made in an effect and revoked when the file changes or the preview goes away.
 */
export function FilePreview({ file, className }: FilePreviewProps) {
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const image = ref.current;
    if (!image) return;
    const url = URL.createObjectURL(file);
    image.src = url;
    return () => {
      image.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file]);

  // Decorative: the slot's label names the picture.
  return <img ref={ref} className={className} alt="" />;
}
