import { Link, usePage } from "../../lib/router.js";

export default function NotFound({ what = "page" }: { what?: string }) {
  usePage({ title: "Not found", noindex: true, status: 404 });
  return (
    <main id="main" className="page">
      <h1>{what === "page" ? "Page not found" : `This ${what} does not exist`}</h1>
      <p>It may have been moved or removed.</p>
      <Link to="/">Continue shopping</Link>
    </main>
  );
}
