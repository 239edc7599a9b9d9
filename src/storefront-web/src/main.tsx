import { createRoot } from "react-dom/client";
import { App } from "./app/app.js";
import "./app/styles.css";
import { ConfigError, loadConfig, restrictConnections } from "./lib/config.js";
import { createStoreSdk } from "./lib/sdk.js";

const root = createRoot(document.getElementById("root")!);

loadConfig({ configUrl: `${import.meta.env.BASE_URL}config.json`, env: import.meta.env }).then(
  (config) => {
    restrictConnections(config.medusaUrl);
    root.render(<App sdk={createStoreSdk(config)} />);
  },
  (e: unknown) =>
    root.render(
      <main id="main" className="page">
        <h1>The shop is not configured</h1>
        <p role="alert">{e instanceof ConfigError ? e.message : String(e)}</p>
      </main>,
    ),
);
