// Where a ticket is weighed (issue 29): every ticket carries its store_id. An operator assigned to
// a location always weighs there and is never asked; a user who covers several locations chooses
// one on the screen, and the choice is remembered on this device (localStorage), per user.
import { useState } from "react";
import type { CurrentUser } from "./session-types";
import { useSessionUser } from "./session";

const KEY = "flow.ticket-location";

type Location = { id: string; name: string };

/** The locations this user chooses among: none for an assigned operator or a single location. */
export function choosableLocations(user: CurrentUser | null | undefined): Location[] {
  if (!user || user.assigned_location_id) return [];
  const all = user.company?.locations ?? [];
  return all.length > 1 ? all.map((l) => ({ id: String(l.id), name: l.name })) : [];
}

function storageKey(user: CurrentUser) {
  return `${KEY}.${user.id}`;
}

/** The location a new ticket goes to before anything is chosen: assigned, only, or remembered. */
export function initialLocation(user: CurrentUser | null | undefined): string | null {
  if (!user) return null;
  if (user.assigned_location_id) return String(user.assigned_location_id);
  const all = user.company?.locations ?? [];
  if (all.length === 1) return String(all[0].id);
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(storageKey(user));
  } catch {
    remembered = null; // storage blocked (private mode): the user chooses each time
  }
  return all.some((l) => String(l.id) === remembered) ? remembered : null;
}

export function rememberLocation(user: CurrentUser, storeId: string) {
  try {
    localStorage.setItem(storageKey(user), storeId);
  } catch {
    // storage blocked: the choice lasts for this screen only
  }
}

/** The ticket's location on a weighing screen, the choices to show, and a setter that remembers. */
export function useTicketLocation() {
  const user = useSessionUser();
  const [chosen, setChosen] = useState<string | null>(() => initialLocation(user));
  const choices = choosableLocations(user);
  const storeId = chosen ?? initialLocation(user);
  const choose = (id: string) => {
    setChosen(id || null);
    if (user && id) rememberLocation(user, id);
  };
  return { storeId, choices, choose, missing: choices.length > 0 && !storeId };
}

export const LOCATION_REQUIRED = "Choose the location where this ticket is weighed";
