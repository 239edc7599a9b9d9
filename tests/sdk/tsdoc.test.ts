// Not a mirror: reads the TSDoc of every public method under src/sdk (declarations, auth, client), not one file's behaviour.
/**
 * SDK hovers that teach: every public method's TSDoc names its route and carries an @example that
 * calls it, so an editor shows both on `sdk.admin.order.retrieve`. Missing ones are generated from
 * the declarations by `node scripts/gen-sdk-docs.mjs`; a hand-written one is never overwritten.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const parse = (rel: string) => ts.createSourceFile(rel, readFileSync(path.join(root, rel), "utf8"), ts.ScriptTarget.Latest, true);

/** The whole text of a node's TSDoc blocks, or "" when it has none. */
function tsdoc(node: ts.Node): string {
  return ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((d) => d.getText())
    .join("\n");
}

/** What a method's TSDoc lacks: its route, or an @example that calls it by name. */
function lacks(doc: string, name: string, route: RegExp | string): string[] {
  const out: string[] = [];
  if (!doc) return ["no TSDoc"];
  if (typeof route === "string" ? !doc.includes(route) : !route.test(doc)) out.push(`no route ${route}`);
  const example = doc.split("@example")[1];
  if (example === undefined) out.push("no @example");
  else if (!example.includes(`.${name}(`)) out.push(`the @example does not call ${name}()`);
  return out;
}

describe("SDK TSDoc", () => {
  it("names the route and shows a call on every declared admin and store method", () => {
    const missing: string[] = [];
    let methods = 0;
    for (const [dir, ns] of [["src/sdk/admin", "admin"], ["src/sdk/store", "store"]] as const) {
      for (const file of readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".ts"))) {
        const sf = parse(`${dir}/${file}`);
        const visit = (node: ts.Node) => {
          if (ts.isCallExpression(node) && node.expression.getText(sf) === "defineResource") {
            const spec = node.arguments[0] as ts.ObjectLiteralExpression;
            const resource = spec.properties.find((p) => p.name?.getText(sf) === "name") as ts.PropertyAssignment;
            const methodsNode = (spec.properties.find((p) => p.name?.getText(sf) === "methods") as ts.PropertyAssignment | undefined)?.initializer as ts.ObjectLiteralExpression | undefined;
            for (const p of methodsNode?.properties ?? []) {
              methods += 1;
              const name = p.name!.getText(sf).replace(/^"|"$/g, "");
              const call = (p as ts.PropertyAssignment).initializer as ts.CallExpression;
              const route = (call.arguments[0] as ts.StringLiteral).text;
              const problems = lacks(tsdoc(p), name, route);
              if (!tsdoc(p).includes(`sdk.${ns}.${(resource.initializer as ts.StringLiteral).text}.`)) problems.push(`the @example does not go through sdk.${ns}`);
              if (problems.length) missing.push(`${dir}/${file} ${name}: ${problems.join(", ")}`);
            }
          }
          ts.forEachChild(node, visit);
        };
        visit(sf);
      }
    }
    expect(missing).toEqual([]);
    expect(methods).toBeGreaterThan(400);
  });

  it("names the route and shows a call on every auth method, mfa and verification included", () => {
    const sf = parse("src/sdk/auth/index.ts");
    const cls = sf.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === "Auth")!;
    const missing: string[] = [];
    let count = 0;
    for (const member of cls.members) {
      if (!ts.isPropertyDeclaration(member) || member.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ReadonlyKeyword)) continue;
      const name = member.name.getText(sf);
      const targets: [string, ts.Node][] = ts.isObjectLiteralExpression(member.initializer!)
        ? member.initializer.properties.map((p) => [p.name!.getText(sf), p])
        : [[name, member]];
      for (const [method, node] of targets) {
        count += 1;
        const problems = lacks(tsdoc(node), method, /`(GET|POST|DELETE) \/auth\//);
        if (problems.length) missing.push(`auth ${method}: ${problems.join(", ")}`);
      }
    }
    expect(missing).toEqual([]);
    expect(count).toBe(19);
  });

  it("shows a call on every public method of the client, and on paginate", () => {
    const sf = parse("src/sdk/client.ts");
    const cls = sf.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === "Client")!;
    const missing = cls.members
      .filter((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword))
      .map((m) => m.name.getText(sf))
      .filter((name) => {
        const m = cls.members.find((x) => ts.isMethodDeclaration(x) && x.name.getText(sf) === name)!;
        const example = tsdoc(m).split("@example")[1];
        return !example?.includes(`.${name}`);
      });
    expect(missing).toEqual([]);
    const resource = readFileSync(path.join(root, "src/sdk/resource.ts"), "utf8");
    expect(resource).toMatch(/@example\n\s+\* for await \(const product of sdk\.admin\.product\.paginate\(/);
  });
});
