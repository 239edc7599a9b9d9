import { AddressBook } from "../../features/account/components/address-book.js";
import { useShop } from "../../lib/shop.js";
import { AccountLayout } from "./account-layout.js";

export default function AddressesPage() {
  const { regions } = useShop();
  const countries = regions.flatMap((r) => r.countries ?? []);
  return <AccountLayout title="Addresses">{(customer) => <AddressBook customer={customer} countries={countries} />}</AccountLayout>;
}
