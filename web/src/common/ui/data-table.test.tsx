import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, dataCell } from './data-table';

describe('DataTable', () => {
  it('puts the table in its scrolling box, named by a hidden caption, the note above it', () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Products"
        captionId="c"
        className="mine"
        aria-labelledby="c"
        note={<p>Swipe</p>}
      >
        <tbody>
          <tr>
            <td className={dataCell.number}>3</td>
          </tr>
        </tbody>
      </DataTable>,
    );
    expect(html).toBe(
      '<div class="data-table-wrap"><p>Swipe</p><table aria-labelledby="c" class="data-table mine">' +
        '<caption id="c" class="visually-hidden">Products</caption>' +
        '<tbody><tr><td class="data-table__number">3</td></tr></tbody></table></div>',
    );
  });
});
