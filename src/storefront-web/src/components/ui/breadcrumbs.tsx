import { Link } from "../../lib/router.js";

export interface Crumb {
  label: string;
  to?: string;
}

/** A breadcrumb trail (WAI-ARIA pattern): links up the hierarchy, the current page last and marked. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {trail.map((c, i) => (
          <li key={i}>
            {c.to && i < trail.length - 1 ? (
              <Link to={c.to}>{c.label}</Link>
            ) : (
              <span aria-current={i === trail.length - 1 ? "page" : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
