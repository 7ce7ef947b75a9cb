/** Previous / next over a paged list (pageNo from 1). */
export function Pager({
  pageNo,
  total,
  pageSize,
  onPage,
}: {
  pageNo: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="admin-pager">
      <button type="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        Previous
      </button>
      <span>
        Page {pageNo} of {pages}
      </span>
      <button type="button" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        Next
      </button>
    </nav>
  );
}
