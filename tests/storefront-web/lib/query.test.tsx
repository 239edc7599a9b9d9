// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { QueryCache, QueryProvider, hashKey, useMutation, useQuery } from "../../../src/storefront-web/src/lib/query.js";

afterEach(() => cleanup());

/** A promise the test settles by hand, to look at the cache while a fetch is in flight. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("QueryCache", () => {
  it("runs one fetch for concurrent reads of the same key and gives both its answer", async () => {
    const cache = new QueryCache();
    const d = deferred<number>();
    let runs = 0;
    const fn = () => {
      runs++;
      return d.promise;
    };
    const a = cache.fetch(["products", { page: 1 }], fn);
    const b = cache.fetch(["products", { page: 1 }], fn);
    expect(cache.get(["products", { page: 1 }]).isFetching).toBe(true);
    d.resolve(42);
    expect(await a).toBe(42);
    expect(await b).toBe(42);
    expect(runs).toBe(1);
    expect(cache.get(["products", { page: 1 }])).toMatchObject({ status: "success", data: 42, isFetching: false, stale: false });
  });

  it("keeps the last data while refetching and after a failed refetch, marking it stale so the next reader retries", async () => {
    const cache = new QueryCache();
    await cache.fetch(["cart", "c1"], async () => "v1");
    const d = deferred<string>();
    const p = cache.fetch(["cart", "c1"], () => d.promise);
    expect(cache.get(["cart", "c1"])).toMatchObject({ data: "v1", isFetching: true });
    d.reject(new Error("offline"));
    await expect(p).rejects.toThrow("offline");
    expect(cache.get(["cart", "c1"])).toMatchObject({ status: "error", data: "v1", stale: true, isFetching: false });
    expect((cache.get(["cart", "c1"]).error as Error).message).toBe("offline");
  });

  it("notifies only the subscribers of the key that changed", () => {
    const cache = new QueryCache();
    const seen: string[] = [];
    const off = cache.subscribe(["cart", "a"], () => seen.push("a"));
    cache.subscribe(["cart", "b"], () => seen.push("b"));
    cache.setData(["cart", "a"], 1);
    expect(seen).toEqual(["a"]);
    off();
    cache.setData(["cart", "a"], 2);
    expect(seen).toEqual(["a"]);
    expect(cache.get(["cart", "a"]).data).toBe(2);
  });

  it("invalidates by key prefix: marks every matching key stale, refetches only those on screen, leaves look-alike keys alone", async () => {
    const cache = new QueryCache();
    let watched = 0;
    let unwatched = 0;
    await cache.fetch(["orders", 1], async () => ++watched);
    await cache.fetch(["orders", 2], async () => ++unwatched);
    await cache.fetch(["orders-archive"], async () => "other");
    cache.subscribe(["orders", 1], () => {});
    cache.invalidate(["orders"]);
    expect(cache.get(["orders", 2]).stale).toBe(true);
    expect(cache.get(["orders-archive"]).stale).toBe(false);
    await waitFor(() => expect(cache.get(["orders", 1]).data).toBe(2));
    expect(unwatched).toBe(1);
  });

  it("removes by prefix (the customer's data after logging out) and tells readers", () => {
    const cache = new QueryCache();
    cache.setData(["customer"], { email: "a@example.com" });
    cache.setData(["customer", "addresses"], []);
    cache.setData(["cart", "c1"], {});
    let told = 0;
    cache.subscribe(["customer"], () => told++);
    cache.remove(["customer"]);
    expect(cache.get(["customer"]).status).toBe("pending");
    expect(cache.get(["customer", "addresses"]).data).toBeUndefined();
    expect(cache.get(["cart", "c1"]).status).toBe("success");
    expect(told).toBe(1);
  });

  it("hashes keys structurally: equal keys share an entry, a number and a string do not", () => {
    expect(hashKey(["products", { page: 1 }])).toBe(hashKey(["products", { page: 1 }]));
    expect(hashKey(["a", 1])).not.toBe(hashKey(["a", "1"]));
  });
});

describe("useQuery and useMutation", () => {
  function Reader({ id, calls }: { id: string; calls: string[] }) {
    const q = useQuery(
      ["item", id],
      async () => {
        calls.push(id);
        return `item ${id}`;
      },
      { keepPrevious: true },
    );
    return <p>{q.status === "success" ? q.data : q.isPlaceholder ? `placeholder ${q.data}` : "loading"}</p>;
  }

  it("fetches on mount, shares the cached answer with a second reader, and keeps the previous data while a new key loads", async () => {
    const cache = new QueryCache();
    const calls: string[] = [];
    const { rerender } = render(
      <QueryProvider cache={cache}>
        <Reader id="1" calls={calls} />
        <Reader id="1" calls={calls} />
      </QueryProvider>,
    );
    await waitFor(() => expect(screen.getAllByText("item 1")).toHaveLength(2));
    expect(calls).toEqual(["1"]);
    const d = deferred<string>();
    cache.fetch(["item", "2"], () => d.promise).catch(() => {});
    rerender(
      <QueryProvider cache={cache}>
        <Reader id="2" calls={calls} />
      </QueryProvider>,
    );
    expect(screen.getByText("placeholder item 1")).toBeTruthy();
    await act(async () => d.resolve("item 2"));
    expect(screen.getByText("item 2")).toBeTruthy();
  });

  it("waits while disabled", async () => {
    const cache = new QueryCache();
    let runs = 0;
    function Lazy({ on }: { on: boolean }) {
      const q = useQuery(["lazy"], async () => ++runs, { enabled: on });
      return <p>{q.status}</p>;
    }
    const { rerender } = render(
      <QueryProvider cache={cache}>
        <Lazy on={false} />
      </QueryProvider>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toBe(0);
    rerender(
      <QueryProvider cache={cache}>
        <Lazy on />
      </QueryProvider>,
    );
    await screen.findByText("success");
    expect(runs).toBe(1);
  });

  it("reports a mutation's pending and error states and rethrows to the caller", async () => {
    let api!: ReturnType<typeof useMutation<number, number>>;
    function Writer() {
      api = useMutation(async (n: number) => {
        if (n < 0) throw new Error("negative");
        return n * 2;
      });
      return <p>{api.status}</p>;
    }
    render(<Writer />);
    await act(async () => expect(await api.mutate(2)).toBe(4));
    expect(screen.getByText("success")).toBeTruthy();
    await act(async () => {
      await expect(api.mutate(-1)).rejects.toThrow("negative");
    });
    expect(screen.getByText("error")).toBeTruthy();
    expect((api.error as Error).message).toBe("negative");
    act(() => api.reset());
    expect(screen.getByText("idle")).toBeTruthy();
  });
});
