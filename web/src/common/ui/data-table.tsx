import type { ComponentProps, ReactNode } from 'react';
import './data-table.css';

/** The classes of a DataTable's cells: figures to the right, a row's buttons, a column a phone hides. */
export const dataCell = {
  number: 'data-table__number',
  actions: 'data-table__actions',
  optional: 'data-table__optional',
} as const;

type DataTableProps = Omit<ComponentProps<'table'>, 'children'> & {
  /** Names the table for screen readers (the caption is hidden). */
  caption: ReactNode;
  captionId?: string;
  /** Shown above the table, inside its box. */
  note?: ReactNode;
  children: ReactNode;
};

/**
 * Rows of a list (the seller's products, agents, an import's changes…): in a box that scrolls
 * sideways on a phone, with a shadow on the side with more; the caller gives its head and body.
 */
export function DataTable({
  caption,
  captionId,
  note,
  className,
  children,
  ...props
}: DataTableProps) {
  return (
    <div className="data-table-wrap">
      {note}
      <table {...props} className={className ? `data-table ${className}` : 'data-table'}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
