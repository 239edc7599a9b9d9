import { Link, withSearch } from "../../lib/router.js";

/** Previous/next links for a server-paged list; page 1 is the URL without `page`, so links stay canonical. */
export function Pagination({ page, pages, pathname, search }: { page: number; pages: number; pathname: string; search: URLSearchParams }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="pagination">
      {page > 1 ? <Link to={withSearch(pathname, search, { page: page - 1 === 1 ? null : page - 1 })}>Previous page</Link> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={withSearch(pathname, search, { page: page + 1 })}>Next page</Link> : <span />}
    </nav>
  );
}
