import type { CustomerDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createCustomersWorkflow } from "@medusajs/medusa/core-flows"

import { CUSTOMERS } from "./catalogue"
import { say, type Container } from "./step"

/** The six customers, each with one default address; returns them by e-mail. */
export async function seedCustomers(container: Container): Promise<Map<string, CustomerDTO>> {
  const customerModule = container.resolve(Modules.CUSTOMER)
  const existingCustomers = await customerModule.listCustomers({ email: CUSTOMERS.map((c) => c.email) })
  const missingCustomers = CUSTOMERS.filter((c) => !existingCustomers.some((e) => e.email === c.email))
  if (missingCustomers.length) {
    await createCustomersWorkflow(container).run({
      input: {
        customersData: missingCustomers.map((c) => ({
          email: c.email,
          first_name: c.first_name,
          last_name: c.last_name,
          phone: "+49 30 1234567",
          addresses: [
            {
              first_name: c.first_name,
              last_name: c.last_name,
              address_1: c.address_1,
              city: c.city,
              postal_code: c.postal_code,
              country_code: c.country_code,
              phone: "+49 30 1234567",
              is_default_shipping: true,
              is_default_billing: true,
            },
          ],
        })),
      },
    })
    say(`created ${missingCustomers.length} customers`)
  }
  const customers = await customerModule.listCustomers({ email: CUSTOMERS.map((c) => c.email) })
  return new Map(customers.map((c) => [c.email, c]))
}
