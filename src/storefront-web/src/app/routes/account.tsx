import { ProfileForm } from "../../features/account/components/profile-form.js";
import { AccountLayout } from "./account-layout.js";

export default function AccountPage() {
  return <AccountLayout title="Your account">{(customer) => <ProfileForm customer={customer} />}</AccountLayout>;
}
