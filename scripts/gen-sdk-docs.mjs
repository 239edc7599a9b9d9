#!/usr/bin/env node
// Gives every SDK resource method that has no TSDoc one generated from its declaration, so an
// editor's hover on `sdk.admin.order.retrieve` names the route and shows a call: the route, a one-line
// summary (the declaration's own `summary` when it has one), the resource's API reference, and an
// @example whose arguments come from the declared argument names and whose body holds the body
// type's required fields (read with tsc's type checker). Docs already there are left alone, so a
// hand-written one always wins; tests/sdk/tsdoc.test.ts fails when a method lacks its route or
// an example. Usage: node scripts/gen-sdk-docs.mjs
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const DIRS = [
  ["src/sdk/admin", "admin"],
  ["src/sdk/store", "store"],
];

/** Id prefixes Medusa gives its records, by resource or argument name; anything else gets `<name>_123`. */
const PREFIX = {
  product: "prod", productVariant: "variant", variant: "variant", productCategory: "pcat", category: "pcat", productCollection: "pcol",
  collection: "pcol", productTag: "ptag", tag: "ptag", productType: "ptyp", type: "ptyp", productOption: "opt", option: "opt",
  order: "order", draftOrder: "order", orderEdit: "order", return: "return", claim: "claim", exchange: "exchange", customer: "cus",
  customerGroup: "cusgroup", group: "cusgroup", address: "cuaddr", region: "reg", salesChannel: "sc", stockLocation: "sloc",
  location: "sloc", inventoryItem: "iitem", reservation: "resitem", priceList: "plist", price: "price", pricePreference: "prpref",
  promotion: "promo", campaign: "procamp", apiKey: "apk", user: "user", invite: "invite", fulfillment: "ful", fulfillmentSet: "fuset",
  serviceZone: "serzo", zone: "serzo", geoZone: "fgz", shippingOption: "so", shippingOptionType: "sotype", shippingProfile: "sp",
  taxRate: "txr", taxRegion: "txreg", paymentCollection: "pay_col", payment: "pay", paymentSession: "payses", refundReason: "refr",
  returnReason: "rr", store: "store", upload: "file", file: "file", notification: "noti", cart: "cart", lineItem: "cali", line: "cali",
  item: "ordli", action: "ordchact", rbacRole: "role", role: "role", rbacPolicy: "policy", policy: "policy", translation: "trans",
  propertyLabel: "plabel", views: "view", view: "view", layouts: "layout", transaction: "txn",
};
const WORDS = { workflowId: '"create-product-tags"', code: '"eur"', currencyCode: '"eur"', locale: '"fr-FR"', provider: '"emailpass"', ruleType: '"rules"', handle: '"summer-shirt"', zone: '"order.details"', entity: '"order"' };
/** Sample values of body fields people recognise, by field name. */
const FIELDS = { first_name: '"Jane"', last_name: '"Doe"', provider_id: '"pp_system_default"', province_code: '"by"', label: '"Summer"', description: '"Light cotton"', token: '"token_123"', password: '"secret"', code: '"SUMMER10"', url: '"https://example.com/a.png"', mime_type: '"text/csv"', originalname: '"products.csv"', size: "1024" };
const RESERVED = new Set(["return", "delete", "default", "export", "import", "new", "in", "for", "function", "class", "switch", "case", "var", "const", "let", "typeof", "void", "with", "yield", "do", "if", "else", "try", "catch", "finally", "throw", "while", "break", "continue", "this", "super", "enum", "extends", "instanceof", "null", "true", "false"]);
const bind = (key) => (RESERVED.has(key) ? `${key}: ${key}Record` : key);

const words = (camel) => camel.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
const human = (key) => key.replace(/_/g, " ");

/** What an `{id}` names: the record of the path segment before it (`/products/{productId}/variants/{id}`: a variant). */
function idOwner(pathText, arg, resource) {
  const segments = pathText.split("/");
  const at = segments.indexOf(`{${arg}}`);
  const before = at > 0 ? segments[at - 1] : "";
  if (!before || before.startsWith("{")) return resource;
  const singular = before.replace(/ies$/, "y").replace(/(ss|x|ch)es$/, "$1").replace(/s$/, "").replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  return PREFIX[singular] ? singular : resource;
}

function idValue(arg, resource, pathText = "") {
  if (resource === "locale" && arg === "code") return '"fr-FR"';
  if (WORDS[arg]) return WORDS[arg];
  const base = arg === "id" ? idOwner(pathText, arg, resource) : arg.replace(/Ids?$/, "");
  return `"${PREFIX[base] ?? base.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()}_123"`;
}

/** A sample value for one property of a body, from its name and type. */
function sample(name, type, checker, depth, parent = "") {
  if (FIELDS[name]) return FIELDS[name];
  if (name === "id") return parent === "items" ? '"ordli_123"' : '"id_123"';
  if (/email/.test(name)) return '"jane@example.com"';
  if (/currency_code$/.test(name)) return '"eur"';
  if (/country_code$/.test(name)) return '"de"';
  if (/_ids$/.test(name)) return `[${idValue(name.replace(/_ids$/, "Id").replace(/_([a-z])/g, (_, c) => c.toUpperCase()), "")}]`;
  if (/_id$/.test(name)) return idValue(name.replace(/_id$/, "Id").replace(/_([a-z])/g, (_, c) => c.toUpperCase()), "");
  const t = checker.getNonNullableType(type);
  if (t.isUnion()) {
    const literal = t.types.find((x) => x.isStringLiteral());
    if (literal) return JSON.stringify(literal.value);
    if (t.types.some((x) => x.flags & ts.TypeFlags.BooleanLiteral)) return "true";
  }
  if (t.flags & ts.TypeFlags.StringLike) return /^(title|name|value)$/.test(name) ? '"Summer"' : `"${name.replace(/_/g, "-")}"`;
  if (t.flags & ts.TypeFlags.NumberLike) return /quantity/.test(name) ? "1" : "10";
  if (t.flags & ts.TypeFlags.BooleanLike) return "true";
  if (checker.isArrayType(t) || checker.isTupleType(t)) {
    const el = checker.getTypeArguments(t)[0];
    const inner = el && depth < 2 ? objectSample(el, checker, depth + 1, name) : undefined;
    return inner && inner !== "{}" ? `[${inner}]` : "[]";
  }
  if (name === "file") return '"./products.csv"';
  if (t.flags & ts.TypeFlags.Object && depth < 2) return objectSample(t, checker, depth + 1);
  return "{}";
}

/** `{ required: …, … }` for an object type: its required properties, else its first one (at most three). */
function objectSample(type, checker, depth = 0, parent = "") {
  const whole = checker.getNonNullableType(type);
  // Of a union (`{ file } | UploadedImport`), the first shape a caller can write.
  const t = whole.isUnion() ? (whole.types.find((x) => x.flags & ts.TypeFlags.Object) ?? whole) : whole;
  if (!(t.flags & ts.TypeFlags.Object) || checker.isArrayType(t)) return "{}";
  const props = checker.getPropertiesOfType(t).filter((p) => !p.name.startsWith("__"));
  const required = props.filter((p) => !(p.flags & ts.SymbolFlags.Optional));
  const chosen = (required.length ? required : props.slice(0, 1)).slice(0, 3);
  if (!chosen.length) return "{}";
  const decl = (p) => p.valueDeclaration ?? p.declarations?.[0];
  const parts = chosen.map((p) => `${/^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : JSON.stringify(p.name)}: ${decl(p) ? sample(p.name, checker.getTypeOfSymbolAtLocation(p, decl(p)), checker, depth, parent) : "{}"}`);
  return `{ ${parts.join(", ")} }`;
}

/** The argument names a declaration passes in order (`op` fills them in as op() does). */
function argNames(callee, call, method, pathText) {
  const given = call.arguments[1] && ts.isStringLiteral(call.arguments[1]) ? call.arguments[1].text : undefined;
  if (given !== undefined || callee !== "op") return (given ?? "").split(/\s+/).filter(Boolean).map((a) => a.replace(/\?$/, ""));
  const names = [...pathText.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (method === "POST") names.push("body", "query");
  else if (method === "GET") names.push("query");
  return names;
}

function example({ ns, resource, name, args, tuple, one, many, columns, checker, response, pathText }) {
  const values = args.map((a, i) => {
    const member = tuple?.elements[i];
    const optional = member && ts.isNamedTupleMember(member) ? Boolean(member.questionToken) : false;
    if (a === "headers") return { v: undefined, optional: true };
    if (a === "query") {
      if (name === "list") return { v: `{ limit: 20${columns?.length ? `, fields: "${columns.slice(0, 2).join(",")}"` : ""} }`, optional: false };
      if (name.startsWith("list")) return { v: "{ limit: 20 }", optional: false };
      return { v: undefined, optional: true };
    }
    if (a === "body" || (member && ts.isNamedTupleMember(member) && /body|payload/.test(member.name.text))) {
      const type = member && ts.isNamedTupleMember(member) ? checker.getTypeFromTypeNode(member.type) : undefined;
      return { v: type ? objectSample(type, checker) : "{}", optional };
    }
    return { v: idValue(a, resource, pathText), optional };
  });
  while (values.length && values[values.length - 1].optional) values.pop();
  const call = `sdk.${ns}.${resource}.${name}(${values.map((x) => x.v ?? "undefined").join(", ")})`;
  const answer = response ? checker.getNonNullableType(response) : undefined;
  const keys = answer && !answer.isUnion() ? checker.getPropertiesOfType(answer).map((p) => p.name) : [];
  let lhs = "const res = ";
  if (answer?.isUnion()) lhs = "const res = ";
  else if (many && keys.includes(many)) lhs = `const { ${bind(many)}${keys.includes("count") ? ", count" : ""} } = `;
  else if (one && keys.includes(one)) lhs = `const { ${bind(one)} } = `;
  else if (keys.includes("deleted") && keys.includes("object")) lhs = "const { id, deleted } = ";
  else if (keys.length === 1) lhs = `const { ${bind(keys[0])} } = `;
  else if (!keys.length) lhs = "";
  return `${lhs}await ${call}`;
}

function summaryOf(name, one, many, declared) {
  if (declared) return declared.replace(/\.?$/, ".");
  const thing = one ? human(one) : words(name);
  if (name === "list") return `List ${many ? human(many) : `${thing}s`}.`;
  if (name === "retrieve") return `Retrieve one ${thing}.`;
  if (name === "create") return `Create a ${thing}.`;
  if (name === "update") return `Update a ${thing}.`;
  if (name === "delete") return `Delete a ${thing}.`;
  const w = words(name);
  return `${w.charAt(0).toUpperCase()}${w.slice(1)}.`;
}

function literal(obj, key) {
  const p = obj.properties.find((x) => x.name?.getText() === key);
  if (!p) return undefined;
  if (ts.isStringLiteral(p.initializer)) return p.initializer.text;
  if (ts.isArrayLiteralExpression(p.initializer)) return p.initializer.elements.filter(ts.isStringLiteral).map((e) => e.text);
  return undefined;
}

function main() {
  const files = DIRS.flatMap(([dir, ns]) => readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".ts")).map((f) => ({ file: path.join(root, dir, f), ns })));
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(files.map((f) => f.file), config.options);
  const checker = program.getTypeChecker();
  let added = 0;
  for (const { file, ns } of files) {
    const sf = program.getSourceFile(file);
    const inserts = [];
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.expression.getText(sf) === "defineResource") {
        const obj = node.arguments[0];
        const resource = literal(obj, "name");
        const one = literal(obj, "one");
        const many = literal(obj, "many");
        const columns = literal(obj, "columns");
        const docs = literal(obj, "docs");
        const methods = obj.properties.find((p) => p.name?.getText(sf) === "methods")?.initializer;
        for (const p of methods?.properties ?? []) {
          if (ts.getJSDocCommentsAndTags(p).length) continue;
          const call = p.initializer;
          if (!ts.isCallExpression(call) || !ts.isStringLiteral(call.arguments[0])) continue;
          const callee = call.expression.getText(sf).replace(/<.*$/s, "");
          const route = call.arguments[0].text;
          const [method, pathText] = route.split(" ");
          const name = p.name.getText(sf).replace(/^"|"$/g, "");
          const tuple = call.typeArguments?.[0] && ts.isTupleTypeNode(call.typeArguments[0]) ? call.typeArguments[0] : undefined;
          const response = call.typeArguments?.[1] ? checker.getTypeFromTypeNode(call.typeArguments[1]) : undefined;
          const extra = callee === "op" ? call.arguments[2] : callee === "shaped" || callee === "handWritten" ? call.arguments[3] : undefined;
          const declared = extra && ts.isStringLiteral(extra) ? extra.text : extra && ts.isObjectLiteralExpression(extra) ? literal(extra, "summary") : undefined;
          const args = argNames(callee, call, method, pathText);
          const indent = " ".repeat(sf.getLineAndCharacterOfPosition(p.getStart(sf)).character);
          const lines = [
            "/**",
            ` * ${summaryOf(name, one, many, declared)} \`${route}\``,
            ...(docs ? [` * ${docs}`] : []),
            " * @example",
            ` * ${example({ ns, resource, name, args, tuple, one, many, columns, checker, response, pathText })}`,
            " */",
          ];
          inserts.push({ at: p.getStart(sf), text: lines.join(`\n${indent}`) + `\n${indent}` });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    if (!inserts.length) continue;
    let text = readFileSync(file, "utf8");
    for (const { at, text: doc } of inserts.sort((a, b) => b.at - a.at)) text = text.slice(0, at) + doc + text.slice(at);
    writeFileSync(file, text);
    added += inserts.length;
  }
  console.error(`added TSDoc to ${added} method(s)`);
}

main();
