import { useRef, useState, type DragEvent } from 'react';
import { IMAGE_TYPES } from '@kirana/shared';
import { FilePreview } from './file-preview';
import './image-slot.css';

interface ImageSlotProps {
  /** 1-based, as the seller counts. */
  number: number;
  /** A newly chosen picture, the URL of one the product has, or none. */
  file: File | string | null;
  onChoose: (file: File) => void;
  onClear: () => void;
}

/** One picture slot of the product form: click (or drop a file) to choose, × to clear. */
export function ImageSlot({ number, file, onChoose, onClear }: ImageSlotProps) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChoose(dropped);
  }

  return (
    <div className="seller-image-slot" data-filled={file ? 'true' : 'false'}>
      <label
        className="seller-image-slot__picker"
        data-dragging={dragging ? 'true' : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
      >
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          accept={IMAGE_TYPES.join(',')}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            // Cleared so that choosing the same file again still counts as a change.
            event.currentTarget.value = '';
            if (chosen) onChoose(chosen);
          }}
        />
        {typeof file === 'string' ? (
          // Decorative: the slot's label names the picture.
          <img src={file} className="seller-image-slot__preview" alt="" />
        ) : file ? (
          <FilePreview file={file} className="seller-image-slot__preview" />
        ) : (
          <span className="seller-image-slot__empty" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
              <path d="M4 16l4.5-4.5 3 3L16 10l4 4" />
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <circle cx="8.5" cy="8.5" r="1.5" />
            </svg>
            <span>Upload</span>
          </span>
        )}
        <span className="visually-hidden">
          {typeof file === 'string'
            ? `Product image ${number}: the current picture. Choose another`
            : file
              ? `Product image ${number}: ${file.name}. Choose another`
              : `Product image ${number}`}
        </span>
      </label>
      {file && (
        <button
          type="button"
          className="seller-image-slot__clear"
          aria-label={`Remove product image ${number}`}
          onClick={() => {
            onClear();
            // The × goes away with the picture; the empty slot takes the focus.
            input.current?.focus();
          }}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}
