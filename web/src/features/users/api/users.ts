import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type User = components["schemas"]["UserRead"];
export type UserList = components["schemas"]["UserList"];
export type UserCreate = components["schemas"]["UserCreate"];
export type UserUpdate = components["schemas"]["UserUpdate"];
export type AvailableLocations = components["schemas"]["AvailableLocations"];

export const PAGE_SIZE = 100;

/** The company's users a page at a time; total, active_users and max_users count them all. */
export const usersQuery = (offset = 0, limit = PAGE_SIZE) =>
  queryOptions({
    queryKey: ["users", "list", offset, limit],
    queryFn: ({ signal }) => api.get<UserList>("/api/users", { limit, offset }, signal),
  });

export const useUsers = (offset = 0, limit = PAGE_SIZE) => useQuery({ ...usersQuery(offset, limit), placeholderData: keepPreviousData });

export const availableLocationsQuery = () =>
  queryOptions({
    queryKey: ["users", "available-locations"],
    queryFn: ({ signal }) => api.get<AvailableLocations>("/api/locations/available", undefined, signal),
  });

export const useAvailableLocations = () => useQuery(availableLocationsQuery());

function useRefreshUsers() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ["users"] }),
      qc.invalidateQueries({ queryKey: ["billing"] }),
      qc.invalidateQueries({ queryKey: ["subscription", "current"] }),
      qc.invalidateQueries({ queryKey: ["regions"] }),
    ]);
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: (body: UserCreate) => api.post<User>("/api/users", body), onSuccess: refresh });
}

export function useUpdateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdate }) => api.put<User>(`/api/users/${id}`, body),
    onSuccess: refresh,
  });
}
