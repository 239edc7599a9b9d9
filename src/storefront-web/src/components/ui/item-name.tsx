/** A line's product and variant as the shop names them, each bidi-isolated: "Classic T-Shirt (M)". */
export function ItemName({ item }: { item: { product_title?: string | null; title?: string | null; variant_title?: string | null } }) {
  return (
    <>
      <bdi>{item.product_title ?? item.title}</bdi>
      {item.variant_title ? (
        <>
          {" "}
          (<bdi>{item.variant_title}</bdi>)
        </>
      ) : null}
    </>
  );
}
