// The plain-Node baseline of bench/cli-list-vs-js-sdk.mjs: what a script author would write with the
// official js-sdk to print one product as JSON. Reads MEDUSA_URL and MEDUSA_API_KEY like medusactl.
import Medusa from "@medusajs/js-sdk";

const sdk = new Medusa({ baseUrl: process.env.MEDUSA_URL, apiKey: process.env.MEDUSA_API_KEY });
const { products } = await sdk.admin.product.list({ limit: 1 });
process.stdout.write(JSON.stringify(products, null, 2) + "\n");
