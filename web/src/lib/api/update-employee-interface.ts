import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import type { EmployeeInterface } from "./get-employee-interface";

export type EmployeeInterfaceInput = components["schemas"]["EmployeeInterfaceUpdate"];

/** PUT /api/company/settings: without store_id the choice applies to every location. */
export function updateEmployeeInterface(input: EmployeeInterfaceInput): Promise<EmployeeInterface> {
  return api.put<EmployeeInterface>("/api/company/settings", input);
}
