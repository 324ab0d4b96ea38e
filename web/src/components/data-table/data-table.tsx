import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { useState, type ReactNode } from "react";
import { Pager, type PagerProps } from "@/components/pager/pager";
import { ScrollX } from "@/components/ui/scroll-x";

export interface DataTableProps<T> {
  data: T[];
  // any: the columns of one table hold values of different types
  columns: ColumnDef<T, any>[];
  /** Shown when there are no rows. */
  empty?: ReactNode;
  pageSize?: number;
  onRowClick?: (row: T) => void;
  caption?: string;
  getRowId?: (row: T, index: number) => string;
  /** The API pages: `data` is one page of the set and the pager moves through the whole set. */
  pager?: PagerProps;
  /** The API sorts (with `pager`): the sorted column and order, kept in the URL by the screen. */
  sort?: { id: string | null; order: "asc" | "desc"; onSort: (id: string, order: "asc" | "desc") => void };
}

// The one table of the app: sorting and paging over TanStack Table; columns come per feature.
export function DataTable<T>({
  data,
  columns,
  empty = "No records yet.",
  pageSize = 25,
  onRowClick,
  caption,
  getRowId,
  pager,
  sort,
}: DataTableProps<T>) {
  const [localSorting, setSorting] = useState<SortingState>([]);
  const serverSorting: SortingState = sort?.id ? [{ id: sort.id, desc: sort.order === "desc" }] : [];
  const table = useReactTable({
    data,
    columns,
    state: { sorting: sort ? serverSorting : localSorting },
    onSortingChange: (updater) => {
      if (!sort) return setSorting(updater);
      const next = typeof updater === "function" ? updater(serverSorting) : updater;
      const first = next[0];
      if (first) sort.onSort(first.id, first.desc ? "desc" : "asc");
      else if (sort.id) sort.onSort(sort.id, sort.order === "desc" ? "asc" : "desc");
    },
    // One page of the API's set: sorted and paged by the API, shown as it comes.
    manualSorting: Boolean(sort),
    manualPagination: Boolean(pager),
    enableSorting: pager ? Boolean(sort) : true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageSize: pager ? Math.max(data.length, 1) : pageSize } },
    getRowId,
  });
  const rows = table.getRowModel().rows;
  return (
    <div className="data-table">
      <ScrollX label={caption ?? "Table"}>
        <table>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button type="button" className="th-sort" onClick={header.column.getToggleSortingHandler()}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="table-empty">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={onRowClick ? "row-clickable" : undefined}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollX>
      {pager && <Pager {...pager} />}
      {!pager && table.getPageCount() > 1 && (
        <div className="table-pager">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            Previous
          </button>
          <span>
            Page {table.getState().pagination.pageIndex + 1} of {table.getPageCount()}
          </span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </button>
        </div>
      )}
    </div>
  );
}
