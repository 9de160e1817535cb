import type { Header, SortingState } from '@tanstack/react-table';
import { flexRender, getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Pair } from '../../../shared/api/pair.ts';
import { SPACE } from '../../components/locale.ts';
import { Empty } from '../../components/States.tsx';
import type { PairColumnMeta } from './pair-columns.tsx';
import { PAIR_COLUMNS } from './pair-columns.tsx';
import { pairFilterFn } from './pair-filter.ts';

/** Fixed row height (pairs.css): the virtualiser places rows by it, so rows never wrap. */
export const PAIR_ROW_HEIGHT = 37;

type Props = {
  pairs: Pair[];
  filter: string;
  onClearFilter(): void;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
/** Marks, not words (hidden from screen readers, which hear aria-sort). */
const SORT_MARKS = { asc: '▲', desc: '▼', none: '↕' } as const;

function SortHeader({ header }: { header: Header<Pair, unknown> }) {
  const { column } = header;
  const sorted = column.getIsSorted();
  const meta = column.columnDef.meta as PairColumnMeta | undefined;
  const intl = useIntl();
  return (
    <th
      scope="col"
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
      className={meta?.numeric ? 'numeric' : undefined}
      data-column={column.id}
    >
      {/* A real button: Tab reaches it, Enter and Space sort, and screen readers call it one. */}
      <button type="button" className="sort-button" onClick={column.getToggleSortingHandler()} title={intl.formatMessage({ id: 'pairs.table.sortBy' }, { field: meta?.field ?? column.id })}>
        <span className="sort-label">{flexRender(column.columnDef.header, header.getContext())}</span>
        <span className="sort-mark" aria-hidden="true">
          {SORT_MARKS[sorted || 'none']}
        </span>
      </button>
    </th>
  );
}

/**
 * Every pair that passes the filter, with their count and the empty state, in a real <table>, virtualised: only the rows in view (and a few around them) are in
 * the DOM, between two spacer rows, so thousands of pairs scroll smoothly. aria-rowcount and
 * aria-rowindex tell assistive tech the full size and where each rendered row sits in it.
 */
export function PairsTable({ pairs, filter, onClearFilter }: Props) {
  const intl = useIntl();
  const [sorting, setSorting] = useState<SortingState>([]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Table is not compatible with the React Compiler's memoisation; nothing here is compiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    // The same data on every keystroke, so the row objects are made once, not per keystroke.
    data: pairs,
    columns: PAIR_COLUMNS,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    // One check per pair per keystroke: the filter reads the whole row (pair-filter.ts), so only the
    // first column asks it; with every column filterable a non-matching row was asked 8 times.
    globalFilterFn: pairFilterFn,
    getColumnCanGlobalFilter: (column) => column.getIndex() === 0,
    enableMultiSort: false,
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PAIR_ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columns = table.getVisibleLeafColumns().length;

  return (
    <>
      <p className="pairs-count" role="status">
        {rows.length === pairs.length ? (
          <FormattedMessage id="pairs.count.all" values={{ count: pairs.length }} />
        ) : (
          <FormattedMessage id="pairs.count.some" values={{ shown: rows.length, count: pairs.length }} />
        )}
      </p>
      {rows.length === 0 && (
        <Empty>
          {pairs.length === 0 ? (
            <FormattedMessage id="pairs.empty" />
          ) : (
            <>
              <FormattedMessage id="pairs.noMatch" values={{ filter: filter.trim() }} />
              {SPACE}
              <button type="button" className="button button-small" onClick={onClearFilter}>
                <FormattedMessage id="pairs.clearFilter" />
              </button>
            </>
          )}
        </Empty>
      )}
      <div
        className="pairs-scroll"
        ref={scrollRef}
        // Focusable, so keyboard users can scroll it with the arrow keys.
        tabIndex={0}
        role="region"
        aria-label={intl.formatMessage({ id: 'pairs.table.scroll' })}
        hidden={rows.length === 0}
      >
        <table className="table pairs-table" aria-label={intl.formatMessage({ id: 'pairs.table.label' })} aria-rowcount={rows.length + 1} data-testid="pairs-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <SortHeader key={header.id} header={header} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {before > 0 && (
              <tr aria-hidden="true" className="pairs-spacer">
                <td colSpan={columns} style={{ height: `${before}px` }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <tr key={row.id} aria-rowindex={item.index + 2} data-testid="pair-row">
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta as PairColumnMeta | undefined;
                    return (
                      <td
                        key={cell.id}
                        className={meta?.numeric ? 'numeric' : undefined}
                        data-column={cell.column.id}
                        // Should a value ever be wider than its column, the cut shows (…) and this has it all.
                        title={String(cell.getValue() ?? '')}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {after > 0 && (
              <tr aria-hidden="true" className="pairs-spacer">
                <td colSpan={columns} style={{ height: `${after}px` }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
