/**
 * The storefront in the browser. A page the server rendered carries its data (the state script):
 * the app hydrates that HTML with the same data, so nothing is fetched twice and nothing moves.
 * A static build (no server: plain file hosting) has no state script: the app reads config.json
 * and renders from scratch.
 */
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.js";
import { ConfigError, loadConfig, restrictConnections } from "./lib/config.js";
import "./app/styles.css";
import { QueryCache } from "./lib/query.js";
import { createStoreSdk } from "./lib/sdk.js";
import { readShopState, STATE_ELEMENT_ID } from "./lib/state.js";

const container = document.getElementById("root")!;
const state = readShopState(document.getElementById(STATE_ELEMENT_ID)?.textContent);

if (state) {
  const cache = new QueryCache();
  cache.hydrate(state.data);
  hydrateRoot(container, <App sdk={createStoreSdk(state.config)} cache={cache} site={state.site} />);
} else {
  const root = createRoot(container);
  loadConfig({ configUrl: `${import.meta.env.BASE_URL}config.json`, env: import.meta.env }).then(
    (config) => {
      restrictConnections(config.medusaUrl);
      root.render(<App sdk={createStoreSdk(config)} site={config.site} />);
    },
    (e: unknown) =>
      root.render(
        <main id="main" className="page">
          <h1>The shop is not configured</h1>
          <p role="alert">{e instanceof ConfigError ? e.message : String(e)}</p>
        </main>,
      ),
  );
}
