import { imageSrcSet } from '@kirana/shared';
import { useState } from 'react';
import './product-gallery.css';

interface ProductGalleryProps {
  name: string;
  images: readonly string[];
}

const MAIN_SIZES = '(min-width: 900px) 480px, calc(100vw - 32px)';

/** The product's main image, with thumbnails that switch it. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];

  return (
    <div className="gallery">
      {images.length > 1 && (
        <ul className="gallery__thumbs" role="list" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === selected}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                onClick={() => setSelected(index)}
              >
                <img
                  src={image}
                  srcSet={imageSrcSet(image)}
                  sizes="72px"
                  width="72"
                  height="72"
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="gallery__main">
        {main ? (
          <img
            key={main}
            src={main}
            srcSet={imageSrcSet(main)}
            sizes={MAIN_SIZES}
            width="800"
            height="800"
            alt={name}
            decoding="async"
            fetchPriority="high"
          />
        ) : (
          <span className="product-card__no-image" aria-hidden="true">
            {name.charAt(0)}
          </span>
        )}
      </div>
    </div>
  );
}
