import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { setToken } from "./auth-token";
import { notify } from "./notify";

// One place deals with 401 (sign out) and 403 (tell the user) for every query and mutation.
function handleGlobalError(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401) setToken(null);
  else if (error.status === 403) notify({ kind: "error", message: error.message });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleGlobalError }),
    mutationCache: new MutationCache({ onError: handleGlobalError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
